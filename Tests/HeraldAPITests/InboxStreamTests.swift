import AsyncHTTPClient
import Foundation
import HTTPTypes
import HeraldCore
import HeraldPublishing
import HeraldServer
import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import Testing

@testable import HeraldAPI

/// The live inbox over real HTTP: new items, read changes and deletions as
/// they happen, resumed after a reconnect, across replicas.
@Suite("Live inbox stream")
struct InboxStreamTests {
    static func open(_ port: Int, token: String, lastEventID: String? = nil) async throws -> EventStreamReader {
        var headers = [("Authorization", "Bearer \(token)"), ("Accept", "text/event-stream")]
        if let lastEventID { headers.append(("Last-Event-ID", lastEventID)) }
        let reader = try await EventStreamReader(url: "http://127.0.0.1:\(port)/api/v2/users/user/notifications/stream", headers: headers)
        #expect(reader.status == .ok)
        return reader
    }

    @Test(arguments: Backend.allCases)
    func newItemsChangesAndDeletionsArriveAndAReconnectMissesNothing(_ backend: Backend) async throws {
        try await TestApp.run(backend, framework: .live) { (app: TestApp) async throws in
            let port = try #require(app.client.port)
            let service = try await app.createService(category: "Cryo")
            let (user, token) = try await app.user("ann")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let post = { (title: String) async throws -> Int64 in
                let response = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": title])
                return try #require((try response.json(["id"]) as? NSNumber)?.int64Value)
            }

            let stream = try await Self.open(port, token: token)
            let first = try await post("Quench")
            let arrived = try #require(try await stream.next())
            #expect(arrived.name == "notification" && arrived.json["title"] as? String == "Quench" && arrived.json["is_read"] as? Bool == false)
            #expect(arrived.json["service_id"] as? String == service.id.uuidString.lowercased())

            #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": first, "status": "read"]]).status == .noContent)
            let read = try #require(try await stream.next())
            #expect(read.json["id"] as? Int == Int(first) && read.json["is_read"] as? Bool == true)
            let second = try await post("Vacuum")
            let secondEvent = try #require(try await stream.next())
            #expect(secondEvent.json["title"] as? String == "Vacuum")
            #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": second, "status": "deleted"]]).status == .noContent)
            let removed = try #require(try await stream.next())
            #expect(removed.name == "removed" && removed.json["id"] as? Int == Int(second))
            let lastSeen = try #require(removed.id)

            // Away for a while: what happened meanwhile comes on the reconnect.
            _ = try await post("While away 1")
            _ = try await post("While away 2")
            let resumed = try await Self.open(port, token: token, lastEventID: lastSeen)
            var titles: [String] = []
            while titles.count < 2, let event = try await resumed.next() {
                if event.name == "notification", let title = event.json["title"] as? String, title.hasPrefix("While away"), !titles.contains(title) {
                    titles.append(title)
                }
            }
            #expect(titles == ["While away 1", "While away 2"])
        }
    }

    /// Posted through one replica's API, heard on a stream another holds.
    @Test func aStreamOnOneReplicaHearsAPostOnAnother() async throws {
        try await TestDatabase.withFreshDatabase(.postgres) { location in
            let config = TestApp.config(location)
            let openedA = try await StoreFactory.open(location, logger: TestDatabase.logger)
            let openedB = try await StoreFactory.open(location, logger: TestDatabase.logger)
            let replicaA = try HeraldServer.buildApplication(config: config, opened: openedA, roles: [.api], logger: TestDatabase.logger)
            let replicaB = try HeraldServer.buildApplication(config: config, opened: openedB, roles: [.api], logger: TestDatabase.logger)
            try await replicaA.test(.live) { clientA in
                try await replicaB.test(.live) { clientB in
                    let store = openedA.store
                    let service = try await store.createService(ServiceDraft(category: "Shared", color: "00ff00", owner: "ops"))
                    let user = try await store.createUser(username: "bob", passwordHash: TestApp.passwordHash, isAdmin: false)
                    try await store.setSubscriptions(userID: user.id, [service.id: true])
                    let password = TestApp.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    let login = try await clientB.execute(
                        uri: "/api/v2/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                        body: ByteBuffer(string: "username=bob&password=\(password)")
                    )
                    let token = try #require(try login.json(["access_token"]) as? String)
                    let stream = try await Self.open(try #require(clientB.port), token: token)
                    let posted = try await clientA.execute(
                        uri: "/api/v2/services/\(service.id.uuidString)/notifications", method: .post, headers: [.contentType: "application/json"],
                        body: ByteBuffer(string: #"{"title": "From the other replica"}"#)
                    )
                    #expect(posted.status == .created)
                    let event = try #require(try await stream.next())
                    #expect(event.json["title"] as? String == "From the other replica")
                }
            }
            try await openedA.close()
            try await openedB.close()
        }
    }

    @Test func aReaderThatFallsBehindIsDroppedAndLimitsHold() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let streams = InboxStreams(limits: .init(perUser: 2, total: 3, buffer: 8), store: store, clock: .system, logger: TestDatabase.logger)
            let service = try await store.createService(ServiceDraft(category: "Busy", color: "ff0000", owner: "ops"))
            let user = try await store.createUser(username: "slow", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            let replaced = try #require(streams.open(userID: user.id))
            let slow = try #require(streams.open(userID: user.id))
            #expect(streams.open(userID: user.id) != nil, "the user's newest stream")
            #expect(streams.count == 2, "two per user: the oldest made room")
            // The oldest one ended: its events end (nothing was published to it).
            for await _ in replaced.events { Issue.record("the replaced stream got an event") }
            #expect(streams.open(userID: user.id + 1) != nil)
            #expect(streams.open(userID: user.id + 2) == nil, "three in all")
            // Nobody reads `slow`: past its buffer it is ended, not grown.
            for index in 0..<20 {
                let notification = try #require(try await store.publish(NotificationDraft(title: "n\(index)"), serviceID: service.id, at: Timestamp.now()))
                await streams.handle(.published(notification.id))
            }
            #expect(streams.count == 1, "both of the user's unread streams were dropped")
            var delivered = 0
            for await _ in slow.events { delivered += 1 }
            #expect(delivered == 8, "what was buffered before the drop, then the end")
            #expect(streams.open(userID: user.id) != nil, "room again")
        }
    }

    /// STREAM_MAX_SECONDS: the server ends a stream past its time (the
    /// client reconnects), and its place is free again at once.
    @Test func aStreamEndsAfterItsMaximumDurationAndFreesItsPlace() async throws {
        // One stream in all: another user's opens only once ann's place is free
        // (a stream of ann's own would replace hers whether or not it was).
        try await TestApp.run(.sqlite, framework: .live, configure: { $0.streamsPerUser = 1; $0.streamsTotal = 1; $0.streamMaxSeconds = 1 }) {
            (app: TestApp) async throws in
            let port = try #require(app.client.port)
            let (_, token) = try await app.user("ann")
            let (_, bobToken) = try await app.user("bob")
            let started = ContinuousClock.now
            let stream = try await Self.open(port, token: token)
            #expect(try await stream.next(timeout: .seconds(30)) == nil, "the stream ended")
            #expect(ContinuousClock.now - started >= .seconds(1))
            let url = "http://127.0.0.1:\(port)/api/v2/users/user/notifications/stream"
            let bobs = try await eventually("bob's stream admitted", every: .milliseconds(50)) { () -> EventStreamReader? in
                let reader = try await EventStreamReader(url: url, headers: [("Authorization", "Bearer \(bobToken)"), ("Accept", "text/event-stream")])
                return reader.status == .ok ? reader : nil
            }
            #expect(bobs.status == .ok, "ann's place was given back")
        }
    }

    /// Past STREAMS_PER_USER the user's newest stream replaces the oldest (a
    /// reloaded page is not locked out by the tabs it left); past STREAMS_MAX
    /// the process answers 429.
    @Test func aUsersNewStreamReplacesTheOldestAndTooManyInAllAre429() async throws {
        try await TestApp.run(.sqlite, framework: .live, configure: { $0.streamsPerUser = 1; $0.streamsTotal = 1 }) { (app: TestApp) async throws in
            let port = try #require(app.client.port)
            let (_, token) = try await app.user("ann")
            let (_, otherToken) = try await app.user("bob")
            let first = try await Self.open(port, token: token)
            let second = try await Self.open(port, token: token)
            #expect(try await first.next(timeout: .seconds(30)) == nil, "the older stream ended")
            _ = second
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v2/users/user/notifications/stream")
            request.headers.add(name: "Authorization", value: "Bearer \(otherToken)")
            let third = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(third.status == .tooManyRequests)
            #expect(third.headers.first(name: "Retry-After") == "10")
            #expect(try await app.request(.get, "/api/v2/users/user/notifications/stream").status == .unauthorized)
        }
    }
}
