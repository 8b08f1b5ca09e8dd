import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
import Testing

/// A service's Matrix room (issue 43), against a real homeserver (Synapse
/// from PyPI on SQLite, started by the test script): a room's admin
/// invites the site's bot, a keeper adds the room to the service, and
/// every notification is posted there (the bot joins at the first post);
/// a ✅ from someone whose Matrix id no Herald person verified takes
/// nothing, one from the person whose verified id it is takes the alarm as
/// them; the post is edited in place to say who took it, and again in the
/// site's language (DEFAULT_LANGUAGE) when the alarm resolves.
@Suite("Chat rooms: Matrix, against Synapse")
struct MatrixRoomTests {
    @Test(arguments: Backend.allCases)
    func aRoomPostIsTakenByAReactionOfAVerifiedPersonAndEditedInPlace(_ backend: Backend) async throws {
        let synapse = try Synapse.fromEnvironment()
        let bot = try await synapse.register("herald")
        let ann = try await synapse.register("ann")
        let eve = try await synapse.register("eve")
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.contacts.matrix = MatrixSettings(baseURL: synapse.url, token: bot.token, pollSeconds: 1)
            config.chat.matrix = config.contacts.matrix
            config.defaultLanguage = .sv
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (person, _) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            // Ann proved her Matrix id to Herald (the code in a direct chat: `MatrixContactTests`).
            let method = try #require(try await app.store.addContactMethod(userID: person.id, kind: .matrix, address: ann.userID, at: Date()))
            _ = try #require(try await app.store.verifyContactMethod(methodID: method.id, userID: person.id, at: Date()))

            let made = try await ann.call(.POST, "/_matrix/client/v3/createRoom", json: ["preset": "public_chat", "invite": [bot.userID], "name": "Kryo"])
            let room = try #require(made["room_id"] as? String)
            _ = try await eve.call(.POST, "/_matrix/client/v3/join/\(room.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", json: [:])
            let path = "/api/v2/services/\(service.id.uuidString)/chat-rooms"
            let alias = try await app.request(.post, path, token: admin, json: ["kind": "matrix", "target": "#kryo:localhost"])
            #expect(alias.status == .unprocessableContent, "an alias can be pointed elsewhere: \(alias.text)")
            let added = try await app.request(.post, path, token: admin, json: ["kind": "matrix", "target": room])
            #expect(added.status == .created, "\(added.text)")

            // A public room nobody invited the bot to: added, but never joined nor posted to.
            let other = try await eve.call(.POST, "/_matrix/client/v3/createRoom", json: ["preset": "public_chat", "name": "Elsewhere"])
            let elsewhere = try #require(other["room_id"] as? String)
            #expect(try await app.request(.post, path, token: admin, json: ["kind": "matrix", "target": elsewhere]).status == .created)

            let title = "Kryo: tryck högt <b>2</b>"
            let posted = try await app.request(
                .post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": title, "subtitle": "@room Kompressor 2", "severity": "critical"]
            )
            #expect(posted.status == .created, "\(posted.text)")
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            func posts() async throws -> [[String: Any]] {
                try await ann.messages(in: room).filter {
                    let content = $0["content"] as? [String: Any]
                    return $0["sender"] as? String == bot.userID && content?["m.relates_to"] == nil
                }
            }
            let post = try await PhoneAppContactTests.waitFor("the room's post") { try await posts().first }
            let content = try #require(post["content"] as? [String: Any])
            let html = content["formatted_body"] as? String ?? ""
            #expect((content["body"] as? String)?.hasPrefix("[CRITICAL] \(title)") == true, "\(content)")
            #expect(html.contains("&lt;b&gt;2&lt;/b&gt;") && !html.contains("<b>2</b>") && html.contains("Reagera med ✅"), "escaped, in Swedish: \(html)")
            let event = try #require(post["event_id"] as? String)

            // Eve's ✅ is nobody's in Herald; Ann's is the person's.
            try await eve.react(in: room, to: event, with: "✅")
            try await Task.sleep(for: .milliseconds(2_500))
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil, "an id nobody verified takes nothing")
            let reacted = ContinuousClock.now
            try await ann.react(in: room, to: event, with: "✅️")
            let taker = try await PhoneAppContactTests.waitFor("the reaction's acknowledgement") {
                try await app.store.acknowledgements(of: [notification])[notification]?.username
            }
            print("Matrix room: a ✅ acknowledged the alarm \(ContinuousClock.now - reacted) after it was made (reactions read every 1 s)")
            #expect(taker == "oncall")
            let edited = try await PhoneAppContactTests.waitFor("the post edited") { try await ann.edits(of: event, in: room).first }
            #expect(edited.contains("Kvitterad av oncall") && edited.contains(title) && !edited.contains("Reagera"), "\(edited)")
            #expect(try await posts().count == 1, "one post for the alarm")
            let strangers = try await eve.messages(in: elsewhere).filter { $0["sender"] as? String == bot.userID }
            let members = try await eve.call(.GET, "/_matrix/client/v3/rooms/\(elsewhere.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)/joined_members")
            #expect(strangers.isEmpty && (members["joined"] as? [String: Any])?[bot.userID] == nil, "the bot went nowhere it was not asked")
        }
    }

    /// A service's keeper (not an admin) adds a Matrix room only where their
    /// verified Matrix id is joined with the bot, or invited the bot: the
    /// bot may be in, or invited to, a room of other people's (for another
    /// service), whose id a keeper might learn.
    @Test(arguments: Backend.allCases)
    func aKeeperAddsOnlyARoomTheyAreInOrInvitedTheBotTo(_ backend: Backend) async throws {
        let synapse = try Synapse.fromEnvironment()
        let bot = try await synapse.register("herald")
        let kim = try await synapse.register("kim")
        let eve = try await synapse.register("eve")
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.contacts.matrix = MatrixSettings(baseURL: synapse.url, token: bot.token, pollSeconds: 1)
            config.chat.matrix = config.contacts.matrix
        }
        @Sendable func segment(_ room: String) -> String { room.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        @Sendable func joined(_ room: String) async throws -> Set<String> {
            Set((try await bot.call(.GET, "/_matrix/client/v3/rooms/\(segment(room))/joined_members")["joined"] as? [String: Any] ?? [:]).keys)
        }
        try await TestApp.run(backend, framework: .live, configure: configure) { app in
            let service = try await app.createService()
            let (keeper, token) = try await app.user("keeper")
            #expect(try await app.store.grantRole(.owner, of: service.id, to: .user(keeper.id), at: Date()))
            let path = "/api/v2/services/\(service.id.uuidString)/chat-rooms"
            func add(_ room: String) async throws -> (status: HTTPResponse.Status, text: String) {
                let answer = try await app.request(.post, path, token: token, json: ["kind": "matrix", "target": room])
                return (answer.status, answer.text)
            }
            // Eve's rooms: one she invited the bot to; one the bot is in (for another service), kim invited but not joined.
            let invitedByEve = try #require(try await eve.call(.POST, "/_matrix/client/v3/createRoom", json: ["preset": "private_chat", "invite": [bot.userID]])["room_id"] as? String)
            let botIsIn = try #require(try await eve.call(.POST, "/_matrix/client/v3/createRoom", json: ["preset": "private_chat", "invite": [bot.userID, kim.userID]])["room_id"] as? String)
            _ = try await bot.call(.POST, "/_matrix/client/v3/join/\(segment(botIsIn))", json: [:])
            // Kim's rooms: one she invited the bot to, one she did not.
            let kimsInvited = try #require(try await kim.call(.POST, "/_matrix/client/v3/createRoom", json: ["preset": "private_chat", "invite": [bot.userID]])["room_id"] as? String)
            let kimsAlone = try #require(try await kim.call(.POST, "/_matrix/client/v3/createRoom", json: ["preset": "private_chat"])["room_id"] as? String)

            let unverified = try await add(kimsInvited)
            #expect(unverified.status == .forbidden && unverified.text.contains("Verify your Matrix id"), "\(unverified)")
            let method = try #require(try await app.store.addContactMethod(userID: keeper.id, kind: .matrix, address: kim.userID, at: Date()))
            _ = try #require(try await app.store.verifyContactMethod(methodID: method.id, userID: keeper.id, at: Date()))

            let othersInvitation = try await add(invitedByEve)
            #expect(othersInvitation.status == .forbidden && othersInvitation.text.contains("Someone else invited"), "\(othersInvitation)")
            #expect(try await bot.call(.GET, "/_matrix/client/v3/joined_rooms")["joined_rooms"].map { "\($0)".contains(invitedByEve) } == false, "the bot did not join it")
            let invitedOnly = try await add(botIsIn)
            #expect(invitedOnly.status == .forbidden && invitedOnly.text.contains("not in that room"), "kim is invited, not joined: \(invitedOnly)")
            let alone = try await add(kimsAlone)
            #expect(alone.status == .unprocessableContent && alone.text.contains("Invite the site's bot"), "\(alone)")
            let added = try await add(kimsInvited)
            #expect(added.status == .created, "\(added)")
            #expect(try await joined(kimsInvited).contains(bot.userID), "the bot joined the room its keeper invited it to")
            // Kim joins eve's room: now she is in it with the bot, and may add it.
            _ = try await kim.call(.POST, "/_matrix/client/v3/join/\(segment(botIsIn))", json: [:])
            #expect(try await add(botIsIn).status == .created)
            #expect(Set(try await app.store.chatRooms(serviceID: service.id).map(\.target)) == [kimsInvited, botIsIn])
        }
    }
}
