import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The Slack, Mattermost and Teams mock (`scripts/lib/mock_chat.py`): it
/// refuses what each refuses (Slack's `{"ok": false}` errors for a bad
/// channel, text, blocks or metadata; Mattermost's 4xx for a bad channel,
/// message or action; a Teams webhook's 400 for anything but an Adaptive
/// Card), records what it accepted with every version an update made, and
/// does what a person does in the chat app: clicks a Slack button (a
/// block_actions payload signed with the signing secret, as Slack sends
/// it) or a Mattermost attachment action (the JSON Mattermost posts to
/// the action's integration URL). Started per test as its own process.
public final class MockChat: Sendable {
    /// The bot token Slack's calls must bear (`Authorization: Bearer`).
    public let slackToken: String
    /// What the mock signs Slack's interactivity requests with.
    public let signingSecret: String
    /// The bot token Mattermost's calls must bear.
    public let mattermostToken: String
    let process: PythonMockProcess

    init(process: PythonMockProcess, slackToken: String, signingSecret: String, mattermostToken: String) {
        self.process = process
        self.slackToken = slackToken
        self.signingSecret = signingSecret
        self.mattermostToken = mattermostToken
    }

    public var port: Int { process.port }
    /// The base URL (`http://127.0.0.1:port`): Slack's API is under
    /// `/api/`, Mattermost's under `/api/v4/`, a Teams webhook is `/teams/<id>`.
    public var url: String { process.baseURL }

    public static func start(
        slackToken: String = "xoxb-herald-test", signingSecret: String = "slack-signing-secret-for-tests",
        mattermostToken: String = "mattermost-bot-token"
    ) async throws -> MockChat {
        let process = try await PythonMockProcess.start(
            "mock_chat.py",
            ["--slack-token", slackToken, "--slack-signing-secret", signingSecret, "--mattermost-token", mattermostToken]
        )
        return MockChat(process: process, slackToken: slackToken, signingSecret: signingSecret, mattermostToken: mattermostToken)
    }

    public func stop() { process.stop() }

    /// Every Slack message posted, in order: `channel`, `ts`, `text`,
    /// `blocks`, `metadata` (as they are now) and `versions` (each
    /// `{text, blocks}`, the original first, then one per chat.update).
    public func slack() async throws -> [[String: Any]] { try await get("/_mock/slack") as? [[String: Any]] ?? [] }

    /// Every Mattermost post, in order, as the API answers it, with
    /// `versions` (each `{message, props}`, the original first).
    public func mattermost() async throws -> [[String: Any]] { try await get("/_mock/mattermost") as? [[String: Any]] ?? [] }

    /// Every Adaptive Card a Teams webhook accepted: `id` (the webhook's) and `card`.
    public func teams() async throws -> [[String: Any]] { try await get("/_mock/teams") as? [[String: Any]] ?? [] }

    /// What was posted to the clicks' response_urls: `n` (the click's) and `body`.
    public func slackResponses() async throws -> [[String: Any]] { try await get("/_mock/slack/responses") as? [[String: Any]] ?? [] }

    /// API requests received (failed and rate-limited ones too), by kind:
    /// `chat.postMessage`, `chat.update`, `conversations.history`, `posts`,
    /// `patch`, `channel.posts`, `teams`.
    public func requests() async throws -> [String: Int] {
        (try await get("/_mock/requests") as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }

    /// A person clicks the button `actionID` on the Slack message's latest
    /// version: Slack's block_actions payload POSTed to `url`, signed with
    /// the signing secret (or, with `badSignature`, another) and stamped
    /// `ageSeconds` ago (so a replayed or stale request can be tried),
    /// answered.
    public func clickSlack(
        channel: String, ts: String, actionID: String, userID: String, teamID: String, url: String, ageSeconds: Int = 0,
        badSignature: Bool = false
    ) async throws -> (status: Int, body: String) {
        let answer = try await post("/_mock/slack/click", [
            "channel": channel, "ts": ts, "action_id": actionID, "user_id": userID, "team_id": teamID, "url": url,
            "age_seconds": ageSeconds, "bad_signature": badSignature,
        ]) as? [String: Any] ?? [:]
        return Self.outcome(answer)
    }

    /// The last Slack click's request sent again, byte for byte (captured in transit).
    public func replaySlackClick() async throws -> (status: Int, body: String) {
        Self.outcome(try await post("/_mock/slack/replay", [:]) as? [String: Any] ?? [:])
    }

    /// A person clicks the attachment action `actionID` on the Mattermost
    /// post's latest version: the JSON Mattermost posts, to `url` if given
    /// (where the action's integration URL leads) or else to that URL, answered.
    public func clickMattermost(
        postID: String, actionID: String, userID: String, userName: String, url: String? = nil
    ) async throws -> (status: Int, body: String) {
        var request: [String: Any] = ["post_id": postID, "action_id": actionID, "user_id": userID, "user_name": userName]
        if let url { request["url"] = url }
        return Self.outcome(try await post("/_mock/mattermost/click", request) as? [String: Any] ?? [:])
    }

    /// A Slack member the app may write to (a direct message to anyone else is `channel_not_found`).
    public func addSlackMember(_ id: String) async throws {
        _ = try await post("/_mock/slack/members", ["id": id])
    }

    /// A Mattermost user called `username` (made once); their id.
    public func addMattermostUser(_ username: String) async throws -> String {
        (try await post("/_mock/mattermost/users", ["username": username]) as? [String: Any])?["id"] as? String ?? ""
    }

    /// The next `count` chat.postMessage calls answer 429 with `Retry-After: retryAfter` and post nothing.
    public func rateLimitSlack(count: Int, retryAfter: Int) async throws {
        _ = try await post("/_mock/slack/ratelimit", ["count": count, "retry_after": retryAfter])
    }

    /// The next `count` API requests (Slack, Mattermost or Teams) answer `status` (429 with `Retry-After: 1`).
    public func fail(status: Int, count: Int) async throws {
        _ = try await post("/_mock/fail", ["status": status, "count": count])
    }

    /// A click's answer; without a status the mock could not make the
    /// click (no such button or action): its error instead.
    static func outcome(_ answer: [String: Any]) -> (status: Int, body: String) {
        (answer["status"] as? Int ?? 0, answer["body"] as? String ?? String(describing: answer["error"] ?? answer))
    }

    func get(_ path: String) async throws -> Any { try await process.get(path) }

    func post(_ path: String, _ json: [String: Any]) async throws -> Any { try await process.post(path, json) }
}
