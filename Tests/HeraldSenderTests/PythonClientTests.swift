import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The Python client's own tests (clients/python/tests, pytest in the
/// tests' venv) against a live Herald on each backend; then what they sent
/// is read back from the store, so a client that only believes it posted
/// cannot pass.
@Suite("The Python client")
struct PythonClientTests {
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("clients/python")

    @Test(arguments: Backend.allCases)
    func itsTestsPassAgainstALiveHerald(backend: Backend) async throws {
        guard let python = ProcessInfo.processInfo.environment["HERALD_TEST_PYTHON"] else {
            throw TestSetupError("HERALD_TEST_PYTHON is not set: run the tests with scripts/test, which installs httpx and pytest in the tests' venv")
        }
        // Loopback not allowlisted: the tests' anonymous and forged posts must be refused.
        try await TestApp.serving(backend, configure: { $0.allowedNetworks = [IPNetwork("192.0.2.0/24")!] }) { store, port in
            let service = try await store.createService(ServiceDraft(category: "Python", color: "3776ab", owner: "py"))
            let secret = ServiceToken.newSecret()
            _ = try await store.createServiceToken(serviceID: service.id, name: "py", tokenHash: ServiceToken.hash(secret), at: Date())
            let run = try await runProgram(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", Self.client.appendingPathComponent("tests").path], environment: [
                "PYTHONPATH": Self.client.appendingPathComponent("src").path, "HERALD_TEST_URL": "http://127.0.0.1:\(port)",
                "HERALD_TEST_SERVICE": service.id.uuidString.lowercased(), "HERALD_TEST_TOKEN": secret,
            ], deadline: .seconds(180))
            #expect(run.status == 0, "\(run.output.suffix(6000))")
            #expect(run.output.contains(" passed") && !run.output.contains("skipped"), "\(run.output.suffix(2000))")

            let titles = try await store.notifications(serviceID: service.id).map(\.draft.title)
            #expect(Set(titles) == ["py sync", "py keyed", "py async 1", "py async 2", "py async v1", "py v1"], "\(titles)")
            #expect(titles.filter { $0 == "py keyed" }.count == 1)
            let stored = try await store.notifications(serviceID: service.id)
            let sync = try #require(stored.first { $0.draft.title == "py sync" })
            #expect(sync.draft.severity == .major && sync.draft.url == "https://ops.example.org/cryo" && sync.draft.expiresAt != nil)
        }
    }
}
