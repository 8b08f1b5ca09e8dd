import Foundation
import HTTPTypes
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Cursor paging")
struct PagingTests {
    /// 10,000 notifications paged back from the newest while more arrive:
    /// every one is seen exactly once, and the new ones are found going forward.
    @Test(arguments: Backend.allCases)
    func pagingBackWhileNewOnesArriveSeesEveryNotificationOnce(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Busy", color: "ff0000", owner: "ops"))
            let user = try await store.createUser(username: "reader", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            let publisher = Publisher.forTests(store)
            var published: [NotificationID] = []
            for index in 0..<10_000 {
                published.append(try await publisher.publish(NotificationDraft(title: "n\(index)"), to: service.id, from: .api).id)
            }
            var seen: [NotificationID] = []
            var start = PageStart.newest
            var newestSeen: NotificationID?
            var arrived: [NotificationID] = []
            // Bounded: 10,000 in pages of 337 take 30; a cursor that never
            // moves on fails the count below instead of looping.
            for _ in 0..<100 {
                let page = try await store.inboxPage(userID: user.id, from: start, limit: 337, filter: InboxFilter())
                if newestSeen == nil { newestSeen = page.first?.notification.id }
                seen += page.map(\.notification.id)
                // Others keep posting while the reader pages.
                for _ in 0..<3 { arrived.append(try await publisher.publish(NotificationDraft(title: "late"), to: service.id, from: .api).id) }
                guard page.count == 337, let oldest = page.last?.notification.id else { break }
                start = .before(oldest)
            }
            #expect(seen.count == 10_000 && Set(seen).count == 10_000)
            #expect(Set(seen) == Set(published))
            // Forward from the newest seen: exactly the ones that arrived since.
            var forward: [NotificationID] = []
            var after = try #require(newestSeen)
            for _ in 0..<1_000 {
                let page = try await store.inboxPage(userID: user.id, from: .after(after), limit: 50, filter: InboxFilter())
                forward += page.map(\.notification.id)
                guard let newest = page.last?.notification.id else { break }
                after = newest
            }
            #expect(forward == arrived)
        }
    }

    /// Bookmarks over the API: `starred`/`unstarred` in the inbox PATCH,
    /// `?starred=true` lists them, `is_starred` appears only when true (the
    /// old apps' shape is unchanged for everything else).
    @Test(arguments: Backend.allCases)
    func starredItemsAreListedOnTheirOwn(_ backend: Backend) async throws {
        try await TestApp.run(backend) { (app: TestApp) async throws in
            let (user, token) = try await app.user("ann")
            let service = try await app.createService(category: "Transients")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let publisher = Publisher.forTests(app.store)
            let comet = try await publisher.publish(NotificationDraft(title: "comet"), to: service.id, from: .api).id
            let other = try await publisher.publish(NotificationDraft(title: "other"), to: service.id, from: .api).id
            let star = try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": comet, "status": "starred"]])
            #expect(star.status == .noContent)
            let starred = try #require(try await app.request(.get, "/api/v2/users/user/notifications?starred=true", token: token).json() as? [[String: Any]])
            #expect(starred.compactMap { ($0["id"] as? NSNumber)?.int64Value } == [comet])
            #expect(starred.first?["is_starred"] as? Bool == true && starred.first?["is_read"] as? Bool == false)
            let all = try #require(try await app.request(.get, "/api/v2/users/user/notifications?limit=10", token: token).json() as? [[String: Any]])
            #expect(all.first { ($0["id"] as? NSNumber)?.int64Value == other }?.keys.contains("is_starred") == false)

            #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": comet, "status": "unstarred"]]).status == .noContent)
            #expect(try #require(try await app.request(.get, "/api/v2/users/user/notifications?starred=1", token: token).json() as? [[String: Any]]).isEmpty)
            let wrong = try await app.request(.get, "/api/v2/users/user/notifications?starred=maybe", token: token)
            #expect(wrong.status == .unprocessableContent)
            let wrongIssue = try #require((try wrong.json(["detail"]) as? [[String: Any]])?.first)
            #expect(wrongIssue["loc"] as? [String] == ["query", "starred"])
            let badStatus = try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": comet, "status": "pinned"]])
            #expect(badStatus.status == .unprocessableContent)
            let badIssue = try #require((try badStatus.json(["detail"]) as? [[String: Any]])?.first)
            #expect((badIssue["msg"] as? String)?.contains("'starred' or 'unstarred'") == true)
        }
    }

    @Test(arguments: Backend.allCases)
    func theInboxPagesWithLinksAndFilters(_ backend: Backend) async throws {
        try await TestApp.run(backend) { (app: TestApp) async throws in
            let (user, token) = try await app.user("ann")
            let alarms = try await app.createService(category: "Alarms")
            let news = try await app.createService(category: "News")
            try await app.store.setSubscriptions(userID: user.id, [alarms.id: true, news.id: true])
            let publisher = Publisher.forTests(app.store)
            var ids: [NotificationID] = []
            for index in 0..<25 {
                ids.append(try await publisher.publish(NotificationDraft(title: "t\(index)"), to: index % 5 == 0 ? news.id : alarms.id, from: .api).id)
            }
            try await app.store.updateInbox(userID: user.id, [ids[24]: .read, ids[23]: .read])

            let first = try await app.request(.get, "/api/v2/users/user/notifications?before=\(Int64.max)&limit=10", token: token)
            #expect(first.status == .ok)
            let firstIDs = try #require(first.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value }
            #expect(firstIDs == Array(ids.suffix(10).reversed()), "newest first")
            let link = try #require(first.headers[HTTPField.Name("Link")!])
            #expect(link.contains("before=\(ids[15])") && link.contains(#"rel="next""#) && link.contains("after=\(ids[24])"))

            let unreadAlarms = try await app.request(.get, "/api/v2/users/user/notifications?read=false&service_id=\(alarms.id.uuidString)&limit=100", token: token)
            let unreadIDs = try #require(unreadAlarms.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value }
            #expect(unreadIDs == ids.enumerated().filter { $0.offset % 5 != 0 && $0.offset < 23 }.map(\.element).reversed())

            let ascending = try await app.request(.get, "/api/v2/users/user/notifications?after=\(ids[19])&sort=asc", token: token)
            #expect(try #require(ascending.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids.suffix(5)))
            // The apps' paging is unchanged.
            let classic = try await app.request(.get, "/api/v2/users/user/notifications?limit=3", token: token)
            #expect(try #require(classic.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids.suffix(3)))
            #expect(classic.headers[HTTPField.Name("Link")!] == nil)

            for bad in ["before=x", "read=maybe", "service_id=nope", "before=-1", "limit=-1&before=3"] {
                #expect(try await app.request(.get, "/api/v2/users/user/notifications?\(bad)", token: token).status == .unprocessableContent, "\(bad)")
            }
            // Both cursors: the ids between them, oldest first, a page at a time.
            let window = try await app.request(.get, "/api/v2/users/user/notifications?after=\(ids[2])&before=\(ids[9])&limit=4", token: token)
            #expect(try #require(window.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids[3...6]))
            let next = try #require(window.headers[HTTPField.Name("Link")!]).split(separator: ",").first { $0.contains("rel=\"next\"") }
            #expect(next?.contains("after=\(ids[6])") == true && next?.contains("before=\(ids[9])") == true, "the window keeps its upper end")
            // 0 is "as many as allowed" here too, as the apps always had it.
            let unlimited = try await app.request(.get, "/api/v2/users/user/notifications?before=\(ids[5])&limit=0", token: token)
            #expect(try #require(unlimited.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids[..<5].reversed()), "all five before it, newest first")
        }
    }

    @Test(arguments: Backend.allCases)
    func adminListsAreBounded(_ backend: Backend) async throws {
        try await TestApp.run(backend) { (app: TestApp) async throws in
            let (_, admin) = try await app.user("root", admin: true)
            for index in 0..<7 { try await app.createUser("user\(index)") }
            let firstPage = try await app.request(.get, "/api/v2/users/?limit=3", token: admin)
            #expect(try #require(firstPage.json() as? [[String: Any]]).compactMap { $0["username"] as? String } == ["root", "user0", "user1"])
            let next = try #require(firstPage.headers[HTTPField.Name("Link")!])
            #expect(next.contains("after=user1"))
            let second = try await app.request(.get, "/api/v2/users/?after=user1&limit=3", token: admin)
            #expect(try #require(second.json() as? [[String: Any]]).compactMap { $0["username"] as? String } == ["user2", "user3", "user4"])

            let service = try await app.createService()
            let publisher = Publisher.forTests(app.store)
            var ids: [NotificationID] = []
            for index in 0..<5 { ids.append(try await publisher.publish(NotificationDraft(title: "t\(index)"), to: service.id, from: .api).id) }
            let oldest = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications?limit=2", token: admin)
            #expect(try #require(oldest.json() as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids.prefix(2)))
            #expect(oldest.headers[HTTPField.Name("Link")!]?.contains("after=\(ids[1])") == true)
        }
    }
}
