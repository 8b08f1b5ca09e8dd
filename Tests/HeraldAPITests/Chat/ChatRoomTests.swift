import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Chat rooms per service (issue 43), against a Slack- and
/// Mattermost-shaped mock that checks the bots' tokens and refuses what
/// those services refuse, and that signs Slack's calls as Slack does:
/// a service's notification is posted to each room, a sender's words
/// cannot mention anyone or forge a link, a press of Acknowledge by an
/// unlinked account answers with a link, once linked it takes the alarm
/// as that person and both posts are edited in place; forged and replayed
/// calls change nothing; a flood is folded into one digest.
@Suite("Chat rooms: Slack, Mattermost, Teams")
struct ChatRoomTests {
    static let slackChannel = "C0HERALD01"
    static let mattermostChannel = "herald0channel0for0tests00"

    static func configure(_ mock: MockChat, perMinute: Int = 10) -> @Sendable (inout HeraldConfig) -> Void {
        { config in
            config.delivery.pollSeconds = 0.2
            config.chat = ChatSettings(
                slack: SlackSettings(baseURL: mock.url + "/api", token: mock.slackToken, signingSecret: mock.signingSecret),
                mattermost: MattermostSettings(baseURL: mock.url, token: mock.mattermostToken), teamsHosts: [mock.url], postsPerMinute: perMinute
            )
            config.publicURL = "https://herald.example.org"
        }
    }

    static func waitFor<T>(_ what: String, timeout: Duration = .seconds(20), _ probe: () async throws -> T?) async throws -> T {
        try await PhoneAppContactTests.waitFor(what, probe)
    }

    static func buttons(_ message: [String: Any]) -> [[String: Any]] {
        let version = (message["versions"] as? [[String: Any]])?.last ?? message
        return (version["blocks"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "actions" }.flatMap { $0["elements"] as? [[String: Any]] ?? [] }
    }

    @Test(arguments: Backend.allCases)
    func aServicesAlarmIsPostedTakenFromAButtonAndEditedInPlace(_ backend: Backend) async throws {
        let mock = try await MockChat.start()
        defer { mock.stop() }
        try await TestApp.run(backend, framework: .live, configure: Self.configure(mock), schedulers: true) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("admin", admin: true)
            let (person, token) = try await app.user("oncall")
            let (_, stranger) = try await app.user("stranger")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let rooms = "/api/v2/services/\(service.id.uuidString)/chat-rooms"

            // The rooms, as a keeper sets them; what is not a room is refused, saying why.
            for (kind, target, field) in [("irc", "#ops", "kind"), ("slack", "#general", "target"), ("mattermost", "Town Square", "target"), ("teams", "https://evil.example/hook", "target")] {
                let refused = try await app.request(.post, rooms, token: admin, json: ["kind": kind, "target": target])
                #expect(refused.status == .badRequest || refused.status == .unprocessableContent, "\(kind) \(target): \(refused.status) \(refused.text)")
                #expect(refused.text.contains(field), "\(refused.text)")
            }
            #expect(try await app.request(.post, rooms, token: stranger, json: ["kind": "slack", "target": Self.slackChannel]).status == .forbidden)
            for (kind, target) in [("slack", Self.slackChannel), ("mattermost", Self.mattermostChannel), ("teams", mock.url + "/teams/ops-hook")] {
                let added = try await app.request(.post, rooms, token: admin, json: ["kind": kind, "target": target])
                #expect(added.status == .created, "\(added.text)")
            }
            #expect(try await app.request(.post, rooms, token: admin, json: ["kind": "slack", "target": Self.slackChannel]).status == .conflict)
            let listed = try await app.request(.get, rooms, token: admin)
            #expect(listed.status == .ok && !listed.text.contains("ops-hook") && listed.text.contains(Self.slackChannel), "the webhook's path is a credential: \(listed.text)")

            // A sender's words mention nobody and forge nothing.
            let title = "Kryo trip @channel <!here> [bank](https://evil.example)"
            let posted = try await app.request(
                .post, "/api/v1/services/\(service.id.uuidString)/notifications",
                json: ["title": title, "subtitle": "![x](https://tracker.example/p.gif) & more", "severity": "critical"]
            )
            #expect(posted.status == .created, "\(posted.text)")
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            let message = try await Self.waitFor("the Slack post") { try await mock.slack().first }
            let post = try await Self.waitFor("the Mattermost post") { try await mock.mattermost().first }
            let card = try await Self.waitFor("the Teams card") { try await mock.teams().first }
            let slackText = "\(message["blocks"] ?? "")"
            #expect(slackText.contains("&lt;!here&gt;") && !slackText.contains("<!here>") && slackText.contains("&amp; more"), "\(slackText)")
            let mattermostText = post["message"] as? String ?? ""
            #expect(mattermostText.contains("@\u{200B}channel") && mattermostText.contains("\\!\\[x\\]") && mattermostText.contains("\\[bank\\]"), "\(mattermostText)")
            #expect("\(card)".contains("Kryo trip"))
            let ts = try #require(message["ts"] as? String)
            #expect(Self.buttons(message).contains { $0["action_id"] as? String == "herald_ack" })

            // Forged and replayed presses change nothing.
            let url = "http://127.0.0.1:\(app.client.port ?? 0)/api/v2/chat/slack/actions"
            let forged = try await mock.clickSlack(channel: Self.slackChannel, ts: ts, actionID: "herald_ack", userID: "U0ANN", teamID: "T0SITE", url: url, badSignature: true)
            #expect(forged.status == 401, "\(forged)")
            let replayed = try await mock.clickSlack(channel: Self.slackChannel, ts: ts, actionID: "herald_ack", userID: "U0ANN", teamID: "T0SITE", url: url, ageSeconds: 600)
            #expect(replayed.status == 401, "\(replayed)")
            let tampered = try await app.request(
                .post, "/api/v2/chat/mattermost/actions",
                json: ["user_id": "mmuser", "context": ["room": 2, "notification": notification, "signature": "AAAAAAAAAAAAAAAAAAAAAA"]]
            )
            #expect(tampered.status == .forbidden, "\(tampered.text)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil)

            // Mattermost's call, made by the mock from the post's button: an unlinked account gets its link from the
            // bot in a direct message, never in the call's answer (Mattermost signs nothing: the caller need not be that user).
            let mattermostURL = "http://127.0.0.1:\(app.client.port ?? 0)/api/v2/chat/mattermost/actions"
            let unlinked = try await mock.clickMattermost(postID: post["id"] as? String ?? "", actionID: "heraldack", userID: "mmstranger", userName: "x", url: mattermostURL)
            #expect(unlinked.status == 200 && unlinked.body.contains("direct message") && !unlinked.body.contains("token="), "\(unlinked)")
            let direct = try await Self.waitFor("the bot's direct message") {
                try await mock.mattermost().first { $0["channel_id"] as? String != Self.mattermostChannel }
            }
            #expect((direct["message"] as? String)?.contains("/chat/link?token=") == true, "\(direct)")

            // An unlinked account is answered with a link; a stranger who opens it links their own account, not the presser's.
            let first = try await mock.clickSlack(channel: Self.slackChannel, ts: ts, actionID: "herald_ack", userID: "U0ANN", teamID: "T0SITE", url: url)
            #expect(first.status == 200, "\(first)")
            let answer = try await Self.waitFor("the answer to the presser") { try await mock.slackResponses().last }
            let answerText = "\(answer)"
            let link = try #require(answerText.range(of: #"token=[A-Za-z0-9._-]+"#, options: .regularExpression).map { String(answerText[$0].dropFirst(6)) })
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil, "nothing taken before linking")
            #expect(try await app.request(.post, "/api/v2/users/user/chat-accounts", token: token, json: ["token": link + "x"]).status == .notFound)
            let linked = try await app.request(.post, "/api/v2/users/user/chat-accounts", token: token, json: ["token": link])
            #expect(linked.status == .created, "\(linked.text)")

            let pressed = ContinuousClock.now
            let second = try await mock.clickSlack(channel: Self.slackChannel, ts: ts, actionID: "herald_ack", userID: "U0ANN", teamID: "T0SITE", url: url)
            #expect(second.status == 200)
            #expect(try await app.store.acknowledgements(of: [notification])[notification]?.username == "oncall")
            let edited = try await Self.waitFor("the Slack post edited") {
                try await mock.slack().first.flatMap { ($0["versions"] as? [[String: Any]])?.count ?? 0 >= 2 ? $0 : nil }
            }
            print("Slack: the post edited \(ContinuousClock.now - pressed) after the press")
            #expect("\(edited["versions"] ?? "")".contains("Acknowledged by oncall") && !Self.buttons(edited).contains { $0["action_id"] as? String == "herald_ack" })
            let mattermostEdited = try await Self.waitFor("the Mattermost post edited") {
                try await mock.mattermost().first { $0["channel_id"] as? String == Self.mattermostChannel }.flatMap { ($0["versions"] as? [[String: Any]])?.count ?? 0 >= 2 ? $0 : nil }
            }
            let lastVersion = "\((mattermostEdited["versions"] as? [[String: Any]])?.last ?? [:])"
            #expect(lastVersion.contains("Acknowledged by oncall") && !lastVersion.contains("heraldack"), "\(lastVersion)")
            let inRoom = try await mock.mattermost().filter { $0["channel_id"] as? String == Self.mattermostChannel }
            let (slackCount, mattermostCount, teamsCount) = (try await mock.slack().count, inRoom.count, try await mock.teams().count)
            #expect(slackCount == 1 && mattermostCount == 1 && teamsCount == 1, "one post per room")

            // A linked account stays its person's: the same link opened by someone else is refused.
            #expect(try await app.request(.post, "/api/v2/users/user/chat-accounts", token: stranger, json: ["token": link]).status == .conflict)
            // Withdrawn: the post gets its button back.
            let withdrawn = try await app.request(.delete, "/api/v2/users/user/notifications/\(notification)/acknowledge", token: token)
            #expect(withdrawn.status == .noContent, "\(withdrawn.text)")
            let reopened = try await Self.waitFor("the Slack post edited again") {
                try await mock.slack().first.flatMap { ($0["versions"] as? [[String: Any]])?.count ?? 0 >= 3 ? $0 : nil }
            }
            #expect(Self.buttons(reopened).contains { $0["action_id"] as? String == "herald_ack" }, "the button is back")
            // The press that took it, captured and sent again within its five minutes: refused, nothing taken.
            let replay = try await mock.replaySlackClick()
            #expect(replay.status == 409, "\(replay)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil, "a replayed call takes nothing")

            // A linked Mattermost account takes the alarm back from the (older) button.
            try await app.store.linkChatIdentity(ChatIdentity(kind: .mattermost, chatUser: "mmoncall", userID: person.id, createdAt: Date()))
            let action = (((post["props"] as? [String: Any])?["attachments"] as? [[String: Any]])?.first?["actions"] as? [[String: Any]])?.first
            #expect((action?["integration"] as? [String: Any])?["url"] as? String == "https://herald.example.org/api/v2/chat/mattermost/actions")
            // The button is gone from the edited post: pressed on a client still showing the first version.
            let context = try #require((action?["integration"] as? [String: Any])?["context"] as? [String: Any])
            let mm = try await app.request(
                .post, "/api/v2/chat/mattermost/actions", json: ["user_id": "mmoncall", "user_name": "oncall", "channel_id": Self.mattermostChannel, "context": context]
            )
            // Pressed in another channel (a context copied elsewhere): nothing.
            let elsewhere = try await app.request(
                .post, "/api/v2/chat/mattermost/actions", json: ["user_id": "mmoncall", "channel_id": "other0channel000000000000a", "context": context]
            )
            #expect(elsewhere.text.contains("no longer posted to"), "\(elsewhere.text)")
            #expect(mm.status == .ok && mm.text.contains("it is yours"), "\(mm.text)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification]?.username == "oncall")
        }
    }

    @Test(arguments: Backend.allCases)
    func aFloodIsFoldedIntoOneDigest(_ backend: Backend) async throws {
        let mock = try await MockChat.start()
        defer { mock.stop() }
        try await TestApp.run(backend, framework: .live, configure: Self.configure(mock, perMinute: 4), schedulers: true) { app in
            let service = try await app.createService()
            _ = try await app.store.addChatRoom(serviceID: service.id, kind: .slack, target: Self.slackChannel, at: Date())
            // One batch (as a storm of alerts arrives): the poster sees the flood at once, whatever the machine's load.
            let now = Date()
            let batch = (1...30).map { index in
                PublishRequest(NotificationDraft(title: "Magnet \(index) tripped", severity: index == 17 ? .critical : .major), serviceID: service.id, at: now)
            }
            #expect(try await app.store.publish(batch).notifications.compactMap { $0 }.count == 30)
            let digest = try await Self.waitFor("the digest") {
                try await mock.slack().first { ($0["text"] as? String)?.contains("notifications at once") == true }
            }
            try await Task.sleep(for: .seconds(2))
            let messages = try await mock.slack()
            #expect(messages.count <= 4, "a room's budget: \(messages.count) posts")
            // The critical one went on its own, before the others.
            #expect((messages.first?["text"] as? String)?.contains("Magnet 17") == true, "\(messages.map { $0["text"] ?? "" })")
            #expect("\(digest["text"] ?? "")".contains("Magnet"))
            let requests = try await mock.requests()
            #expect((requests["chat.postMessage"] ?? 0) == messages.count, "no refused or repeated post: \(requests)")
        }
    }
}
