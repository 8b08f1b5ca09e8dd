import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import Testing

@Suite("Opening a store")
struct StoreFactoryTests {
    /// A port nothing listens on: bound, read, and released.
    static func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(socket, $0, length) == 0, getsockname(socket, $0, &length) == 0 else { throw TestSetupError("no free port") }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func anUnreachablePostgreSQLFailsAtOnceWithTheReason() async throws {
        let location = DatabaseLocation.postgres(.init(host: "127.0.0.1", port: try Self.closedPort(), username: "herald", password: nil, database: "herald", tls: .disable))
        let started = ContinuousClock.now
        let error = await #expect(throws: DatabaseUnavailable.self) {
            try await StoreFactory.withStore(location, logger: Logger(label: "test")) { _ in }
        }
        #expect(ContinuousClock.now - started < .seconds(15), "not after the pool's retries")
        #expect(error?.description.contains("127.0.0.1") == true && error?.description.contains("refused") == true)
    }
}
