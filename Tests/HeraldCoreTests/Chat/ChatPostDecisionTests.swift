import Foundation
import HeraldCore
import Testing

/// What a sweep does with a room's due posts, the words a post carries,
/// and the signatures a room's buttons are checked by (issue 43).
@Suite("Chat rooms: the decision, the words, the signatures")
struct ChatPostDecisionTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let room = ChatRoom(id: 7, serviceID: UUID(), kind: .slack, target: "C0HERALD01", createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    func notification(_ id: Int64, _ severity: Severity? = .major, alarm: AlarmStatus? = nil) -> NotificationRecord {
        var draft = NotificationDraft(title: "Alarm \(id)")
        draft.severity = severity
        draft.alarm = alarm
        return NotificationRecord(id: id, serviceID: room.serviceID, timestamp: now, draft: draft)
    }

    func post(_ id: Int64, _ state: ChatPostState = .new, shown: String = "", ref: String? = nil) -> ChatPost {
        ChatPost(key: ChatPostKey(roomID: room.id, notificationID: id), state: state, ref: ref, shown: shown, createdAt: now)
    }

    @Test func withinTheBudgetEachIsPostedTheMostSevereFirst() {
        let records: [NotificationID: NotificationRecord] = [1: notification(1), 2: notification(2, .critical), 3: notification(3, .info)]
        let plan = ChatPostDecision.plan(
            room: room, due: [post(1), post(2), post(3)], notifications: records, acknowledgements: [:], madeLastMinute: 0, perMinute: 10, now: now
        )
        let order = plan.compactMap { if case .post(let p, _) = $0 { p.key.notificationID } else { nil } }
        #expect(order == [2, 1, 3])
    }

    @Test func pastTheBudgetTheRestIsOneDigestAndASpentBudgetWaits() {
        let ids: [Int64] = Array(1...12)
        let records = Dictionary(uniqueKeysWithValues: ids.map { ($0, notification($0)) })
        let plan = ChatPostDecision.plan(
            room: room, due: ids.map { post($0) }, notifications: records, acknowledgements: [:], madeLastMinute: 6, perMinute: 10, now: now
        )
        let single = plan.filter { if case .post = $0 { true } else { false } }.count
        let digests = plan.compactMap { if case .digest(let posts, let message) = $0 { (posts.count, message) } else { nil } }
        #expect(single == 3 && digests.count == 1 && digests.first?.0 == 9, "4 left: 3 alone, one digest of the other 9")
        #expect(digests.first?.1.lines.count == 9 && digests.first?.1.acknowledgeable == false)
        let spent = ChatPostDecision.plan(
            room: room, due: ids.map { post($0) }, notifications: records, acknowledgements: [:], madeLastMinute: 10, perMinute: 10, now: now
        )
        #expect(spent.allSatisfy { if case .wait = $0 { true } else { false } })
    }

    @Test func aPostedOneIsEditedOnlyWhenWhatItShowsChanged() {
        let record = notification(1)
        let open = ChatMessage.of(record, acknowledgement: nil, answersBack: true)
        let taken = Acknowledgement(notificationID: 1, userID: 3, username: "ann", comment: nil, at: now)
        let same = ChatPostDecision.plan(
            room: room, due: [post(1, .posted, shown: open.fingerprint, ref: "1.2")], notifications: [1: record], acknowledgements: [:], madeLastMinute: 0,
            perMinute: 10, now: now
        )
        #expect(same == [.settle(post(1, .posted, shown: open.fingerprint, ref: "1.2"))])
        let edited = ChatPostDecision.plan(
            room: room, due: [post(1, .posted, shown: open.fingerprint, ref: "1.2")], notifications: [1: record], acknowledgements: [1: taken],
            madeLastMinute: 10, perMinute: 10, now: now
        )
        guard case .edit(_, let message)? = edited.first else { Issue.record("\(edited)"); return }
        #expect(message.status == "Acknowledged by ann" && !message.acknowledgeable)
        let resolved = ChatMessage.of(notification(1, alarm: .resolved), acknowledgement: nil, answersBack: true)
        #expect(resolved.status == "Resolved" && !resolved.acknowledgeable)
        // Handed over before a crash: looked for; its notification gone: forgotten; a Teams post is never edited.
        let others = ChatPostDecision.plan(
            room: room, due: [post(1, .handed), post(9)], notifications: [1: record], acknowledgements: [:], madeLastMinute: 0, perMinute: 10, now: now
        )
        #expect(others.count == 2 && others.contains(.forget(post(9))))
        var teams = room
        teams.kind = .teams
        #expect(
            ChatPostDecision.plan(
                room: teams, due: [post(1, .posted, shown: "old", ref: "x")], notifications: [1: record], acknowledgements: [1: taken], madeLastMinute: 0,
                perMinute: 10, now: now
            ) == [.settle(post(1, .posted, shown: "old", ref: "x"))]
        )
    }

    @Test func aSendersWordsMentionNobodyAndForgeNothing() {
        #expect(ChatMessage.slackEscaped("<!channel> & <https://evil|bank>") == "&lt;!channel&gt; &amp; &lt;https://evil|bank&gt;")
        let markdown = ChatMessage.markdownEscaped("@all ![x](https://t/p.gif) [bank](https://evil)")
        #expect(!markdown.contains("@all") && markdown.contains("\\!\\[x\\]\\(https\\://t/p\\.gif\\)"), "\(markdown)")
    }

    @Test func slacksSignatureIsCheckedAndOldCallsRefused() {
        let body = "payload=%7B%7D"
        let timestamp = "\(Int(now.timeIntervalSince1970))"
        let signature = SlackRequestSignature.signature(secret: "s3cret", timestamp: timestamp, body: body)
        #expect(SlackRequestSignature.problem(secret: "s3cret", timestamp: timestamp, signature: signature, body: body, now: now) == nil)
        #expect(SlackRequestSignature.problem(secret: "s3cret", timestamp: timestamp, signature: signature, body: body + "x", now: now) != nil)
        #expect(SlackRequestSignature.problem(secret: "other", timestamp: timestamp, signature: signature, body: body, now: now) != nil)
        #expect(SlackRequestSignature.problem(secret: "s3cret", timestamp: timestamp, signature: signature, body: body, now: now.addingTimeInterval(301)) != nil)
        #expect(SlackRequestSignature.problem(secret: "s3cret", timestamp: nil, signature: signature, body: body, now: now) != nil)
    }

    @Test func teamsWebhooksOnlyOnTheSitesHosts() {
        #expect(!ChatSettings().allowsTeamsWebhook("https://prod-01.westeurope.logic.azure.com/workflows/abc"), "no Teams rooms unless the site allows them")
        let settings = ChatSettings(teamsHosts: ChatSettings.workflowHosts)
        #expect(settings.allowsTeamsWebhook("https://prod-01.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=x"))
        #expect(!settings.allowsTeamsWebhook("http://prod-01.westeurope.logic.azure.com/workflows/abc"), "https only")
        #expect(!settings.allowsTeamsWebhook("https://logic.azure.com.evil.example/x"))
        #expect(!settings.allowsTeamsWebhook("https://user:pw@x.logic.azure.com/x"))
        let local = ChatSettings(teamsHosts: ["http://127.0.0.1:9000"])
        #expect(local.allowsTeamsWebhook("http://127.0.0.1:9000/teams/a") && !local.allowsTeamsWebhook("http://127.0.0.1:9001/teams/a"))
    }
}

/// The chat settings as the environment gives them.
@Suite("Chat rooms: configuration")
struct ChatSettingsTests {
    @Test func slackNeedsItsSigningSecretAndTeamsIsOptIn() throws {
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["SLACK_BOT_TOKEN": "xoxb-1"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["MATTERMOST_URL": "https://chat.example.org"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["TEAMS_WEBHOOK_HOSTS": "evil.example/path"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["CHAT_POSTS_PER_MINUTE": "0"]) }
        let none = try HeraldConfig(environment: [:])
        #expect(none.chat.kinds.isEmpty)
        let all = try HeraldConfig(environment: [
            "SLACK_BOT_TOKEN": "xoxb-1", "SLACK_SIGNING_SECRET": "s", "MATTERMOST_URL": "https://chat.example.org/", "MATTERMOST_BOT_TOKEN": "t",
            "TEAMS_WEBHOOK_HOSTS": "microsoft, http://127.0.0.1:9000", "CHAT_POSTS_PER_MINUTE": "30",
        ])
        #expect(all.chat.kinds == [.slack, .mattermost, .teams] && all.chat.postsPerMinute == 30)
        #expect(all.chat.slack?.baseURL == "https://slack.com/api" && all.chat.mattermost?.baseURL == "https://chat.example.org")
        #expect(all.chat.teamsHosts == ChatSettings.workflowHosts + ["http://127.0.0.1:9000"] && all.chat.teamsOrigins == ["http://127.0.0.1:9000"])
        // The same app and bot write to people: their accounts are contact kinds.
        #expect(all.contacts.kinds == [.slack, .mattermost] && all.contacts.slack == all.chat.slack && all.contacts.mattermost == all.chat.mattermost)
        #expect(none.contacts.kinds.isEmpty)
        var roomsOnly = ["SLACK_BOT_TOKEN": "xoxb-1", "SLACK_SIGNING_SECRET": "s", "CHAT_DIRECT_MESSAGES": "off"]
        #expect(try HeraldConfig(environment: roomsOnly).contacts.kinds.isEmpty && HeraldConfig(environment: roomsOnly).chat.kinds == [.slack])
        roomsOnly["CHAT_DIRECT_MESSAGES"] = "maybe"
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: roomsOnly) }
    }
}

/// Secrets from their `_FILE` and services' base URLs, read one way for
/// chat and contact channels alike (`SettingReader.secret`, `baseURL`).
@Suite("Configuration: secrets and base URLs")
struct SecretAndBaseURLSettingsTests {
    @Test func aSecretComesFromItsFileAndABaseURLLosesItsSlash() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-secret-\(UUID().uuidString)")
        try Data("  xoxb-from-a-file \n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let config = try HeraldConfig(environment: [
            "SLACK_BOT_TOKEN_FILE": file.path, "SLACK_SIGNING_SECRET": "s", "SLACK_API_URL": "http://127.0.0.1:9/api/",
            "MATRIX_HOMESERVER": "https://matrix.example.org/", "MATRIX_ACCESS_TOKEN_FILE": file.path,
        ])
        #expect(config.chat.slack?.token == "xoxb-from-a-file" && config.chat.slack?.baseURL == "http://127.0.0.1:9/api")
        #expect(config.contacts.matrix?.token == "xoxb-from-a-file" && config.contacts.matrix?.baseURL == "https://matrix.example.org")
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["NTFY_URL": "https://ntfy.example.org/?x=1"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["MATTERMOST_URL": "ftp://chat.example.org", "MATTERMOST_BOT_TOKEN": "t"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["PUSHOVER_TOKEN_FILE": "/nonexistent/herald"]) }
    }

    /// A Matrix room is named by its id (with a server for room versions
    /// before 12, a hash alone from 12), never an alias, which can be moved.
    @Test func matrixRoomIDs() {
        for id in ["!abcDEF123:matrix.example.org", "!aB3_-x9Zq:localhost:8448", "!Vm4Qz0f1-RWd_pE7bG2yEOZ8cHbhXlNuUg4ETqyuSyA"] {
            #expect(MatrixIdentifiers.isRoomID(id), "\(id)")
        }
        for id in ["#kryo:matrix.example.org", "abc:server", "!", "!:server", "!abc:", "!a b:server", "!abc:serv er", "!" + String(repeating: "a", count: 300)] {
            #expect(!MatrixIdentifiers.isRoomID(id), "\(id)")
        }
        #expect(ChatRoomKind.matrix.answersBack && ChatRoomKind.matrix.name == "Matrix")
    }

    /// Who takes a Matrix post by reacting: each once, in order, never the
    /// bot; only the keys a direct chat takes too.
    @Test func matrixTakers() {
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        let reactions = [
            ChatReaction(sender: "@bot:x", key: "✅", at: t), ChatReaction(sender: "@eve:x", key: "👀", at: t), ChatReaction(sender: "@ann:x", key: "✅️", at: t),
            ChatReaction(sender: "@bob:x", key: "👍🏽", at: t + 5), ChatReaction(sender: "@ann:x", key: "👍", at: t + 9), ChatReaction(sender: "@carl:x", key: "no", at: t),
        ]
        #expect(ChatReactionDecision.takers(reactions, bot: "@bot:x").map(\.sender) == ["@ann:x", "@bob:x"])
        // After a withdrawal at t + 5, only what came later counts: ann's second.
        #expect(ChatReactionDecision.takers(reactions, bot: "@bot:x", notBefore: t + 5).map(\.sender) == ["@ann:x"])
        #expect(ChatReactionDecision.takers(reactions, bot: "@bot:x", notBefore: t + 5).first?.at == t + 9)
    }
}
