import Crypto
import Foundation
import HeraldCore
import HeraldDelivery
import HeraldOutbound
import HeraldTestSupport
import HeraldUseCases
import Logging
import Testing

/// No duplicate post across a crash (issue 43): a post handed to Slack or
/// Mattermost whose answer was never recorded (the process killed between
/// the two) is found in the room by its key once its lease runs out, not
/// posted again; one that never arrived is posted; a Teams post, which
/// nothing can be looked up for, is not sent twice.
@Suite("Chat rooms: a crash between the post and its record")
struct ChatPostRecoveryTests {
    @Test(arguments: Backend.allCases)
    func aPostHandedOverBeforeACrashIsFoundNotPostedAgain(_ backend: Backend) async throws {
        let mock = try await MockChat.start()
        defer { mock.stop() }
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let slackRoom = try #require(try await store.addChatRoom(serviceID: service.id, kind: .slack, target: ChatRoomTests.slackChannel, at: Date()))
            let mattermostRoom = try #require(
                try await store.addChatRoom(serviceID: service.id, kind: .mattermost, target: ChatRoomTests.mattermostChannel, at: Date())
            )
            let teamsRoom = try #require(try await store.addChatRoom(serviceID: service.id, kind: .teams, target: mock.url + "/teams/t1", at: Date()))
            var draft = NotificationDraft(title: "Compressor 2 stopped")
            draft.severity = .critical
            let notification = try #require(try await store.publish(draft, serviceID: service.id, at: Date()))
            let http = OutboundHTTP(policy: OutboundPolicy(), tls: try OutboundHTTP.tls(caBundlePEM: nil), trustedOrigins: [mock.url])
            defer { Task { try? await http.shutdown() } }
            let signer: @Sendable () async throws -> ChatSigner = { [key = P256.Signing.PrivateKey()] in ChatSigner(vapid: VAPID(key: key, subject: "mailto:t@example.org")) }
            let clients: [any ChatRoomClient] = [
                SlackClient(settings: SlackSettings(baseURL: mock.url + "/api", token: mock.slackToken, signingSecret: mock.signingSecret), http: http, signer: signer),
                MattermostClient(settings: MattermostSettings(baseURL: mock.url, token: mock.mattermostToken), http: http, publicURL: nil, signer: signer),
                TeamsWebhookClient(http: http, allows: { _ in true }),
            ]
            // The crash: claimed, handed, sent, and then nothing recorded.
            let now = Date()
            let claimed = try await store.claimChatPosts(now: now.addingTimeInterval(1), until: now.addingTimeInterval(60), limit: 10)
            #expect(Set(claimed.map(\.key.roomID)) == [slackRoom.id, mattermostRoom.id, teamsRoom.id])
            let message = ChatMessage.of(notification, acknowledgement: nil, answersBack: true)
            for (room, client) in zip([slackRoom, mattermostRoom, teamsRoom], clients) {
                let key = ChatPostDecision.postKey(room: room.id, notification: notification.id)
                try await store.handChatPosts([ChatPostKey(roomID: room.id, notificationID: notification.id)], postKey: key, at: now)
                _ = try await client.post(message, in: room, key: key, notification: notification.id)
            }
            // The next life, once the lease ran out.
            let later = WallClock { now.addingTimeInterval(90) }
            let posts = ChatRoomPosts(store: store, clients: clients, perMinute: 10, clock: later)
            #expect(try await posts.sweep(logger: Logger(label: "test")) == 3)
            #expect(try await posts.sweep(logger: Logger(label: "test")) == 0, "nothing left due")
            let (slack, mattermost, teams) = (try await mock.slack(), try await mock.mattermost(), try await mock.teams())
            #expect(slack.count == 1 && mattermost.count == 1 && teams.count == 1, "one post per room: \(slack.count) \(mattermost.count) \(teams.count)")
            #expect(try await mock.requests()["conversations.history"] == 1, "Slack's was looked for")

            // A post handed over that never arrived is posted in the next life.
            var second = NotificationDraft(title: "Valve 7 closed")
            second.severity = .major
            let lost = try #require(try await store.publish(second, serviceID: service.id, at: now.addingTimeInterval(100)))
            let claimedAgain = try await store.claimChatPosts(now: now.addingTimeInterval(101), until: now.addingTimeInterval(160), limit: 10)
            #expect(claimedAgain.count == 3)
            try await store.handChatPosts(
                [ChatPostKey(roomID: slackRoom.id, notificationID: lost.id)], postKey: ChatPostDecision.postKey(room: slackRoom.id, notification: lost.id),
                at: now.addingTimeInterval(101)
            )
            let afterwards = ChatRoomPosts(store: store, clients: clients, perMinute: 10, clock: WallClock { now.addingTimeInterval(200) })
            // The first sweep finds it absent and queues it again; the next posts it (and the other rooms' posts go at once).
            _ = try await afterwards.sweep(logger: Logger(label: "test"))
            _ = try await afterwards.sweep(logger: Logger(label: "test"))
            let titles = try await mock.slack().compactMap { $0["text"] as? String }
            #expect(titles.count == 2 && titles.last?.contains("Valve 7 closed") == true, "\(titles)")
        }
    }
}
