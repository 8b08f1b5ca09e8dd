import HTTPTypes
import NIOCore
// The memberwise initialiser of `TestResponse` is internal to
// HummingbirdTesting; debug builds (every test run) compile it testable.
// herald-bench links this module in release builds, where the live
// framework's own client is used as it is.
#if DEBUG
@testable import HummingbirdTesting
#else
import HummingbirdTesting
#endif

/// HummingbirdTesting's live client, with a read timeout of two minutes
/// instead of its fixed 20 s.
///
/// Why: in a full parallel run on two cores (beside CI's release build),
/// single requests of tests that assert nothing about latency have waited
/// over 20 s for the server (CI, 2026-11-29: two tests failed with
/// `.readTimeout`). Tests that measure latency measure it themselves; a
/// request that took over 20 s is printed, so a slow run still says so.
struct PatientLiveClient: TestClientProtocol {
    static let timeout = Duration.seconds(120)
    static let slow = Duration.seconds(20)

    let port: Int?
    #if DEBUG
    private let client: TestClient

    init?(port: Int?) {
        guard let port else { return nil }
        self.port = port
        client = TestClient(host: "localhost", port: port, configuration: .init(timeout: Self.timeout))
        client.connect()
    }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = headers
        headers[.connection] = "keep-alive"
        let started = ContinuousClock.now
        let response = try await client.execute(TestClient.Request(uri, method: method, authority: "localhost", headers: headers, body: body))
        let took = ContinuousClock.now - started
        if took > Self.slow { print("TestApp: \(method) \(uri.split(separator: "?").first ?? "") took \(took) (over \(Self.slow))") }
        return TestResponse(head: response.head, body: response.body ?? ByteBuffer(), trailerHeaders: response.trailerHeaders)
    }

    func shutdown() async throws { try await client.shutdown() }
    #else
    init?(port: Int?) { nil }
    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        preconditionFailure("never made in release builds")
    }
    func shutdown() async throws {}
    #endif
}
