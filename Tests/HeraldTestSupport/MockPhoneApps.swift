import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The ntfy and Pushover mock (`scripts/lib/mock_phone_apps.py`, issue
/// 43): it refuses what ntfy and Pushover refuse (a bad topic, priority or
/// action; an unknown token or user key; an emergency without retry and
/// expire), records what it accepted, keeps Pushover's receipts, and does
/// what a person does on the phone (taps ntfy's Acknowledge button, which
/// makes its request as ntfy's app would; acknowledges in Pushover's app).
public final class MockPhoneApps: Sendable {
    public static let pushoverToken = "a" + String(repeating: "pushovertoken", count: 3).prefix(29)
    public static let ntfyToken = "tk_mockntfytoken0123456789abcd"
    let process: PythonMockProcess

    init(process: PythonMockProcess) { self.process = process }

    public var port: Int { process.port }
    public var baseURL: String { process.baseURL }

    public static func start() async throws -> MockPhoneApps {
        MockPhoneApps(process: try await PythonMockProcess.start("mock_phone_apps.py", ["--pushover-token", pushoverToken, "--ntfy-token", ntfyToken]))
    }

    public func stop() { process.stop() }

    /// Every publish (`event` "message") and clear (`event` "clear") ntfy accepted, in order.
    public func ntfy() async throws -> [[String: Any]] { try await get("/_mock/ntfy") as? [[String: Any]] ?? [] }

    /// Every message Pushover accepted: its form fields (no token), and `receipt` for an emergency.
    public func pushover() async throws -> [[String: String]] { try await get("/_mock/pushover") as? [[String: String]] ?? [] }

    /// Every receipt: `cancelled`, `acknowledged_by`, `reads`.
    public func receipts() async throws -> [String: [String: Any]] { try await get("/_mock/receipts") as? [String: [String: Any]] ?? [:] }

    /// The person taps the message's http action in ntfy's app: the request
    /// it makes (to `origin` in place of the link's own scheme, host and
    /// port: where its public name leads), answered.
    public func press(topic: String, sequenceID: String, origin: String) async throws -> (status: Int, body: String) {
        let answer = try await post("/_mock/ntfy/press", ["topic": topic, "sequence_id": sequenceID, "origin": origin]) as? [String: Any] ?? [:]
        return (answer["status"] as? Int ?? 0, answer["body"] as? String ?? String(describing: answer))
    }

    /// The person acknowledges the emergency in Pushover's app.
    public func acknowledge(receipt: String, user: String) async throws {
        _ = try await post("/_mock/receipts/\(receipt)/acknowledge", ["user": user])
    }

    /// The next `count` Pushover messages are taken but their answer is lost.
    public func loseAnswers(_ count: Int) async throws {
        _ = try await post("/_mock/pushover/lose", ["count": count])
    }

    /// The next `count` API requests answer `status`.
    public func fail(status: Int, count: Int) async throws {
        _ = try await post("/_mock/fail", ["status": status, "count": count])
    }

    func get(_ path: String) async throws -> Any { try await process.get(path) }

    func post(_ path: String, _ json: [String: Any]) async throws -> Any { try await process.post(path, json) }
}
