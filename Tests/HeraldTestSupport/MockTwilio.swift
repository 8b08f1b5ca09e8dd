import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The Twilio-compatible mock (`scripts/lib/mock_twilio.py`, issue 42): it
/// checks what Twilio checks (Basic auth, E.164 numbers, a body within
/// 1,600 characters), records what it accepted, and sends signed webhooks
/// as Twilio does (an inbound text, a call's keypress). Started per test
/// as its own process; stdlib Python only.
public final class MockTwilio: Sendable {
    public static let accountSID = "AC" + String(repeating: "0123456789abcdef", count: 2)
    public static let authToken = "mock-twilio-auth-token"
    let process: PythonMockProcess

    init(process: PythonMockProcess) { self.process = process }

    public var port: Int { process.port }
    public var baseURL: String { process.baseURL }

    public static func start() async throws -> MockTwilio {
        MockTwilio(process: try await PythonMockProcess.start("mock_twilio.py", ["--account-sid", accountSID, "--auth-token", authToken]))
    }

    public func stop() { process.stop() }

    /// Messages it accepted: each one's form fields.
    public func messages() async throws -> [[String: String]] {
        let list = try await get("/_mock/messages") as? [[String: Any]] ?? []
        return list.compactMap { $0["form"] as? [String: String] }
    }

    /// Calls it accepted: each one's sid and form fields.
    public func calls() async throws -> [(sid: String, form: [String: String])] {
        let list = try await get("/_mock/calls") as? [[String: Any]] ?? []
        return list.compactMap { record in
            guard let sid = record["sid"] as? String, let form = record["form"] as? [String: String] else { return nil }
            return (sid, form)
        }
    }

    /// Presses `digits` on a call, as its callee would: Twilio runs the
    /// call's TwiML and posts the `<Gather>`'s action, signed.
    public func press(_ sid: String, digits: String) async throws -> (status: Int, body: String) {
        let answer = try await post("/_mock/calls/\(sid)/press", ["digits": digits]) as? [String: Any] ?? [:]
        // Without a status, the mock could not run it: its error instead.
        return (answer["status"] as? Int ?? 0, answer["body"] as? String ?? String(describing: answer["error"] ?? answer))
    }

    /// Has Twilio post an inbound text to `url`, signed (or with a forged signature).
    public func inbound(
        to url: String, from: String, to number: String, body: String, forged: Bool = false, extra: [String: String] = [:]
    ) async throws -> (status: Int, body: String) {
        var request: [String: Any] = ["url": url, "from": from, "to": number, "body": body]
        if !extra.isEmpty { request["extra"] = extra }
        if forged { request["signature"] = "bad" }
        let answer = try await post("/_mock/inbound", request) as? [String: Any] ?? [:]
        return (answer["status"] as? Int ?? 0, answer["body"] as? String ?? "")
    }

    /// The next `count` API requests answer `status`.
    public func fail(status: Int, count: Int) async throws {
        _ = try await post("/_mock/fail", ["status": status, "count": count])
    }

    func get(_ path: String) async throws -> Any { try await process.get(path) }

    func post(_ path: String, _ json: [String: Any]) async throws -> Any { try await process.post(path, json) }
}
