import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import Testing

@Suite("Opening a store")
struct StoreFactoryTests {
    @Test func anUnreachablePostgreSQLFailsAtOnceWithTheReason() async throws {
        let location = DatabaseLocation.postgres(.init(host: "127.0.0.1", port: try unusedLoopbackPort(), username: "herald", password: nil, database: "herald", tls: .disable))
        let started = ContinuousClock.now
        let error = await #expect(throws: DatabaseUnavailable.self) {
            try await StoreFactory.withStore(location, logger: Logger(label: "test")) { _ in }
        }
        #expect(ContinuousClock.now - started < .seconds(15), "not after the pool's retries")
        #expect(error?.description.contains("127.0.0.1") == true && error?.description.contains("refused") == true)
    }
}
