import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("The current user's subscriptions, devices and inbox")
struct CurrentUserTests {
    @Test(arguments: Backend.allCases)
    func usersSubscribeThemselves(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let vacuum = try await app.createService(category: "Vacuum")
            let cooling = try await app.createService(category: "Cooling")
            let (_, token) = try await app.user("hana")
            let changed = try await app.request(
                .patch, "/api/v2/users/user/services", token: token,
                json: [["id": vacuum.id.uuidString, "is_subscribed": true], ["id": UUID().uuidString, "is_subscribed": true]]
            )
            #expect(changed.status == .noContent)
            let listed = try #require(try await app.request(.get, "/api/v2/users/user/services", token: token).json() as? [[String: Any]])
            #expect(listed.map { $0["category"] as? String } == ["Cooling", "Vacuum"])
            #expect(listed.map { $0["is_subscribed"] as? Bool } == [false, true])
            #expect(Set(listed[0].keys) == ["id", "category", "color", "owner", "is_subscribed"])

            _ = try await app.request(
                .patch, "/api/v1/users/user/services", token: token,
                json: [["id": vacuum.id.uuidString, "is_subscribed": false], ["id": cooling.id.uuidString.lowercased(), "is_subscribed": true]]
            )
            let after = try #require(try await app.request(.get, "/api/v1/users/user/services", token: token).json() as? [[String: Any]])
            #expect(after.map { $0["is_subscribed"] as? Bool } == [true, false])

            let bad = try await app.request(.patch, "/api/v2/users/user/services", token: token, json: [["id": "nope", "is_subscribed": true]])
            #expect(bad.status == .unprocessableContent)
            #expect((try bad.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [AnyHashable] == ["body", 0, "id"])
        }
    }

    @Test(arguments: Backend.allCases)
    func theInboxPagesNewestFirstAndTracksReadState(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("ivan")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let start = Timestamp.now()
            var ids: [Int64] = []
            for index in 0..<4 {
                let notification = try await app.store.publish(NotificationDraft(title: "n\(index)"), serviceID: service.id, at: start.addingTimeInterval(Double(index)))
                ids.append(try #require(notification).id)
            }
            func titles(_ query: String) async throws -> [String] {
                let items = try #require(try await app.request(.get, "/api/v2/users/user/notifications\(query)", token: token).json() as? [[String: Any]])
                return items.compactMap { $0["title"] as? String }
            }
            #expect(try await titles("") == ["n0", "n1", "n2", "n3"])
            #expect(try await titles("?limit=2") == ["n2", "n3"])
            #expect(try await titles("?limit=2&sort=desc") == ["n3", "n2"])
            #expect(try await titles("?limit=0&sort=asc") == ["n0", "n1", "n2", "n3"])

            let badQuery = try await app.request(.get, "/api/v2/users/user/notifications?limit=-1&sort=up", token: token)
            #expect(badQuery.status == .unprocessableContent)
            #expect((try badQuery.json(["detail"]) as? [[String: Any]])?.count == 2)

            let marked = try await app.request(
                .patch, "/api/v2/users/user/notifications", token: token,
                json: [["id": ids[0], "status": "read"], ["id": ids[1], "status": "deleted"], ["id": 987_654, "status": "read"]]
            )
            #expect(marked.status == .noContent)
            let items = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
            #expect(items.compactMap { $0["title"] as? String } == ["n0", "n2", "n3"])
            #expect(items.compactMap { $0["is_read"] as? Bool } == [true, false, false])
            let count = try await app.request(.get, "/api/v2/users/user/notifications/unread-count", token: token)
            #expect(try count.json(["unread_count"]) as? Int == 2)

            let badStatus = try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": ids[2], "status": "archived"]])
            #expect(badStatus.status == .unprocessableContent)
        }
    }

    @Test(arguments: Backend.allCases)
    func deviceTokensRegisterOnceAndShowInTheProfile(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (judy, token) = try await app.user("judy")
            let apns = String(repeating: "ab", count: 32)
            let first = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": apns])
            #expect(first.status == .created)
            #expect(try first.json(["device_tokens"]) as? [String] == [apns])
            let again = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": apns])
            #expect(again.status == .ok)

            let fcm = "fcm:" + String(repeating: "x", count: 150)
            #expect(try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": fcm]).status == .created)
            // 64 hex digits look like APNs to the guesser: the stated platform wins.
            let hexFCM = String(repeating: "cd", count: 32)
            #expect(try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": hexFCM, "platform": "fcm"]).status == .created)
            let platforms = Dictionary(uniqueKeysWithValues: try await app.store.devices(userID: judy.id).map { ($0.token, $0.platform) })
            #expect(platforms == [apns: .apns, fcm: .fcm, hexFCM: .fcm])
            let notHex = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": fcm, "platform": "apns"])
            #expect(notHex.status == .unprocessableContent)
            #expect((try notHex.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", "device_token"])
            let profile = try #require(try await app.request(.get, "/api/v2/users/user/profile", token: token).json() as? [String: Any])
            #expect(Set(profile.keys) == ["id", "username", "device_tokens", "is_active", "is_admin"])
            #expect(profile["device_tokens"] as? [String] == [apns, fcm, hexFCM])
            #expect(profile["username"] as? String == "judy")

            let badPlatform = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": "t", "platform": "sms"])
            #expect(badPlatform.status == .unprocessableContent)
            let empty = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": ""])
            #expect(empty.status == .unprocessableContent)
            #expect((try empty.json(["detail"]) as? [[String: Any]])?.first?["type"] as? String == "string_too_short")
            let spaced = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": "a b"])
            #expect(spaced.status == .unprocessableContent)
        }
    }

    @Test(arguments: Backend.allCases)
    func version1UsesAPNTokensAndV2DoesNotServeThem(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, token) = try await app.user("kim")
            let apns = String(repeating: "0f", count: 32)
            let created = try await app.request(.post, "/api/v1/users/user/apn-token", token: token, json: ["apn_token": apns])
            #expect(created.status == .created)
            #expect(try created.json(["apn_tokens"]) as? [String] == [apns])
            #expect(try created.json(["device_tokens"]) == nil)
            #expect(try await app.request(.post, "/api/v1/users/user/apn-token", token: token, json: ["apn_token": apns]).status == .ok)
            let profile = try #require(try await app.request(.get, "/api/v1/users/user/profile", token: token).json() as? [String: Any])
            #expect(Set(profile.keys) == ["id", "username", "apn_tokens", "is_active", "is_admin"])
            let v2 = try await app.request(.post, "/api/v2/users/user/apn-token", token: token, json: ["apn_token": apns])
            #expect(v2.status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases)
    func adminsManageUsers(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (lee, leeToken) = try await app.user("lee")
            _ = try await app.request(.post, "/api/v2/users/user/device-token", token: leeToken, json: ["device_token": "tok-1"])
            let listed = try #require(try await app.request(.get, "/api/v2/users/", token: admin).json() as? [[String: Any]])
            #expect(listed.compactMap { $0["username"] as? String } == ["lee", "root"])
            #expect(listed.first?["device_tokens"] as? [String] == ["tok-1"])

            let promoted = try await app.request(.patch, "/api/v2/users/\(lee.id)", token: admin, json: ["is_admin": true])
            #expect(promoted.status == .ok)
            #expect(try promoted.json(["is_admin"]) as? Bool == true)
            #expect(try promoted.json(["is_active"]) as? Bool == true)

            let removed = try await app.request(.delete, "/api/v2/users/\(lee.id)/device-token", token: admin, json: ["device_token": "tok-1"])
            #expect(removed.status == .noContent)
            #expect(try await app.store.deviceTokens(userIDs: [lee.id]).isEmpty)

            #expect(try await app.request(.delete, "/api/v2/users/\(lee.id)", token: admin).status == .noContent)
            let gone = try await app.request(.patch, "/api/v2/users/\(lee.id)", token: admin, json: ["is_admin": true])
            #expect(gone.status == .notFound && gone.detail == "User not found")
            #expect(try await app.request(.delete, "/api/v2/users/\(lee.id)", token: admin).status == .notFound)
            #expect(try await app.request(.delete, "/api/v2/users/abc", token: admin).status == .unprocessableContent)
        }
    }
}
