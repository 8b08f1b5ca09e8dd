import Foundation

/// Chat rooms per service (issue 43): the Slack app, the Mattermost bot,
/// which Teams webhooks may be named, and how many posts a room takes a
/// minute before the rest are folded into a digest.
public struct ChatSettings: Sendable, Equatable {
    public var slack: SlackSettings?
    public var mattermost: MattermostSettings?
    /// `TEAMS_WEBHOOK_HOSTS`: where a Teams webhook may lead: host suffixes
    /// (https only, e.g. Microsoft's Workflows hosts, `workflowHosts`) or
    /// whole origins (`http://127.0.0.1:8080`, trusted as the operator's
    /// own); empty (the default): no Teams rooms, so owners cannot send a
    /// service's notifications to any webhook unless the operator chose to.
    public var teamsHosts: [String] = []
    /// `CHAT_POSTS_PER_MINUTE` (10): posts one room is sent a minute.
    public var postsPerMinute: Int
    /// Matrix rooms are posted to by the contact methods' bot (`MATRIX_URL`):
    /// set where that bot is.
    public var matrix: MatrixSettings?

    /// Microsoft's Workflows hosts, what `TEAMS_WEBHOOK_HOSTS=microsoft` stands for.
    public static let workflowHosts = [".logic.azure.com", ".powerplatform.com", ".webhook.office.com"]

    public init(slack: SlackSettings? = nil, mattermost: MattermostSettings? = nil, teamsHosts: [String] = [], postsPerMinute: Int = 10) {
        self.slack = slack
        self.mattermost = mattermost
        self.teamsHosts = teamsHosts
        self.postsPerMinute = postsPerMinute
    }

    /// The kinds of room a service may be given.
    public var kinds: [ChatRoomKind] {
        (slack == nil ? [] : [.slack]) + (mattermost == nil ? [] : [.mattermost]) + (teamsHosts.isEmpty ? [] : [.teams]) + (matrix == nil ? [] : [.matrix])
    }

    /// The whole origins `TEAMS_WEBHOOK_HOSTS` names (trusted by the outbound policy).
    public var teamsOrigins: [String] { teamsHosts.filter { $0.contains("://") } }

    /// Whether `url` is a webhook the site lets a Teams room name.
    public func allowsTeamsWebhook(_ url: String) -> Bool {
        guard url.utf8.count <= 2_000, let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host?.lowercased(),
            parsed.user == nil, parsed.password == nil
        else { return false }
        for allowed in teamsHosts {
            if allowed.contains("://") {
                if url.lowercased().hasPrefix(allowed.lowercased().trimmingSuffix("/") + "/") { return true }
            } else if scheme == "https", allowed.hasPrefix(".") ? host.hasSuffix(allowed.lowercased()) : host == allowed.lowercased() {
                return true
            }
        }
        return false
    }

    init(text: @escaping (String) -> String?) throws {
        let read = SettingReader(text: text)
        let (secret, baseURL) = (read.secret, read.baseURL)
        func printable(_ value: String) -> Bool { !value.isEmpty && value.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } }
        if let token = try secret("SLACK_BOT_TOKEN") {
            guard printable(token) else { throw ConfigurationError("SLACK_BOT_TOKEN", "the app's bot token (xoxb-…)") }
            guard let signing = try secret("SLACK_SIGNING_SECRET"), printable(signing) else {
                throw ConfigurationError("SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN needs the app's signing secret (SLACK_SIGNING_SECRET or _FILE): its buttons' calls are checked with it")
            }
            slack = SlackSettings(baseURL: try baseURL("SLACK_API_URL", text("SLACK_API_URL") ?? "https://slack.com/api"), token: token, signingSecret: signing)
        }
        if let url = text("MATTERMOST_URL") {
            guard let token = try secret("MATTERMOST_BOT_TOKEN"), printable(token) else {
                throw ConfigurationError("MATTERMOST_BOT_TOKEN", "MATTERMOST_URL needs the bot's access token (MATTERMOST_BOT_TOKEN or _FILE)")
            }
            mattermost = MattermostSettings(baseURL: try baseURL("MATTERMOST_URL", url), token: token)
        }
        if let hosts = text("TEAMS_WEBHOOK_HOSTS") {
            teamsHosts = try hosts.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.flatMap { entry -> [String] in
                if entry.lowercased() == "microsoft" { return Self.workflowHosts }
                if entry.contains("://") {
                    guard let url = URL(string: entry), url.scheme == "https" || url.scheme == "http", url.host != nil, url.path.isEmpty || url.path == "/" else {
                        throw ConfigurationError("TEAMS_WEBHOOK_HOSTS", "host suffixes (.logic.azure.com) or origins (https://host:port), got '\(entry)'")
                    }
                    return [entry.trimmingSuffix("/")]
                }
                guard entry.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else {
                    throw ConfigurationError("TEAMS_WEBHOOK_HOSTS", "host suffixes (.logic.azure.com) or origins (https://host:port), got '\(entry)'")
                }
                return [entry.lowercased()]
            }
        }
        postsPerMinute = try read.integer("CHAT_POSTS_PER_MINUTE", default: 10, range: 1...600)
    }
}

/// A Slack app (`SLACK_BOT_TOKEN`, `SLACK_SIGNING_SECRET`; `SLACK_API_URL`
/// for a stand-in): posts with `chat.postMessage`, edits with `chat.update`;
/// its buttons call `PUBLIC_URL/api/v2/chat/slack/actions`.
public struct SlackSettings: Sendable, Equatable {
    public var baseURL: String
    public var token: String
    public var signingSecret: String

    public init(baseURL: String, token: String, signingSecret: String) {
        self.baseURL = baseURL
        self.token = token
        self.signingSecret = signingSecret
    }
}

/// A Mattermost bot (`MATTERMOST_URL`, `MATTERMOST_BOT_TOKEN`).
public struct MattermostSettings: Sendable, Equatable {
    public var baseURL: String
    public var token: String

    public init(baseURL: String, token: String) {
        self.baseURL = baseURL
        self.token = token
    }
}
