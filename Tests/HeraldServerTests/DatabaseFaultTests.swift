import Foundation
import HeraldCore
import HeraldMocks
import HeraldServer
@testable import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Faults injected into a running server: nothing accepted is lost.
@Suite("Faults survived", .serialized)
struct DatabaseFaultTests {
    /// PostgreSQL stopped while posts and fan-out are in flight: the API
    /// answers 503 (promptly, not 500, not a hang), comes back by itself
    /// within 5 s of the database's return, and every notification it
    /// accepted reaches every device.
    @Test func postgresRestartedUnderLoad() async throws {
        let spare = try #require(SpareCluster(), "run the tests with scripts/test, which starts a spare PostgreSQL cluster")
        try await spare.exclusively { try await restartUnderLoad(spare) }
    }

    private func restartUnderLoad(_ spare: SpareCluster) async throws {
        let location = try DatabaseLocation(url: spare.url)
        try await MockProviders.run { mocks in
            var config = TestApp.config(location)
            config.delivery = try mocks.deliverySettings(
                DeliverySettings(concurrency: 64, batchSize: 50, pushTimeoutSeconds: 10, leaseSeconds: 30, pollSeconds: 0.05, maxRetryAgeSeconds: 600, retryBaseSeconds: 0.05)
            )
            config.limits = .unlimited
            let opened = try await StoreFactory.open(location, logger: TestDatabase.logger)
            let app = try HeraldServer.buildApplication(config: config, opened: opened, roles: .serve(config), logger: TestDatabase.logger)
            do {
                try await app.test(.router) { client in
                    let store = opened.store
                    let service = try await store.createService(ServiceDraft(category: "Fault \(UUID().uuidString.prefix(8))", color: "ff0000", owner: "ops"))
                    for index in 0..<10 {
                        let user = try await store.createUser(username: "fault-\(UUID().uuidString.prefix(12))", passwordHash: nil, isAdmin: false)
                        try await store.recordLogin(userID: user.id, expiresAt: Date().addingTimeInterval(3600))
                        let token = index.isMultiple(of: 2) ? DeliveryHarness.apnsToken(9_000 + index) : DeliveryHarness.fcmToken(9_000 + index)
                        _ = try await store.registerDevice(userID: user.id, token: token, platform: index.isMultiple(of: 2) ? .apns : .fcm, at: Timestamp.now())
                        try await store.setSubscriptions(userID: user.id, [service.id: true])
                    }
                    let path = "/api/v2/services/\(service.id.uuidString)/notifications"
                    @Sendable func post(_ title: String) async throws -> TestResponse {
                        try await client.execute(
                            uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"title": "\#(title)"}"#)
                        )
                    }
                    var accepted: [Int64] = []
                    for index in 0..<20 {
                        let response = try await post("before \(index)")
                        #expect(response.status == .created)
                        if let id = (try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["id"] as? Int {
                            accepted.append(Int64(id))
                        }
                    }

                    // Away, while the worker is still pushing the first posts.
                    #expect(try await spare.run("stop").status == 0)
                    var whileAway: [Int] = []
                    var slowest: Duration = .zero
                    do {
                        for index in 0..<5 {
                            let started = ContinuousClock.now
                            let response = try await post("while away \(index)")
                            slowest = max(slowest, ContinuousClock.now - started)
                            whileAway.append(Int(response.status.code))
                            if response.status == .created {
                                // Accepted means stored: it must arrive too.
                                accepted.append(Int64(((try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["id"] as? Int) ?? -1))
                            } else {
                                #expect(response.headers[.retryAfter] != nil)
                            }
                        }
                    } catch {
                        _ = try? await spare.run("start")
                        throw error
                    }
                    #expect(whileAway.allSatisfy { $0 == 503 }, "answers while the database was away: \(whileAway)")
                    // The one bound kept: a 503 from the pool knowing the database is
                    // away, not from a request that waited out the 5-s connect
                    // timeout (PostgresPool) first.
                    #expect(slowest < .seconds(5), "the slowest answer while away took \(slowest), as long as a connect timeout")

                    #expect(try await spare.run("start").status == 0)
                    let back = ContinuousClock.now
                    let firstAccepted = try await eventually("a post accepted again", timeout: .seconds(30), every: .milliseconds(100)) { () -> Int64? in
                        let response = try await post("after")
                        guard response.status == .created else { return nil }
                        return ((try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["id"] as? Int).map(Int64.init)
                    }
                    let recovery = ContinuousClock.now - back
                    print("postgresRestartedUnderLoad: 503s while away \(whileAway), slowest \(slowest); accepted again \(recovery) after the database was back")
                    accepted.append(firstAccepted)

                    // Nothing accepted is lost: every notification reaches all ten devices.
                    let all = accepted
                    try await eventually("every accepted notification delivered", timeout: .seconds(90), every: .milliseconds(200)) { () -> Bool? in
                        for id in all where try await store.deliveryCounts(notificationID: id) != [.sent: 10] { return nil }
                        return true
                    }
                    let titles = Set((mocks.apns.pushes.compactMap { ($0.payload["aps"] as? [String: any Sendable]).flatMap { ($0["alert"] as? [String: any Sendable])?["title"] as? String } }))
                    #expect(titles.contains("before 0") && titles.contains("after"))
                }
                try await opened.close()
            } catch {
                try? await opened.close()
                throw error
            }
        }
    }

    /// SQLite's file full (SQLITE_FULL, injected with max_page_count) or
    /// read-only (query_only): posts get a clear 503 with Retry-After, reads
    /// go on, nothing half-written is left, and writes work again after.
    @Test func sqliteFullOrReadOnlyAnswers503WithoutCorruption() async throws {
        try await TestApp.run(.sqlite, configure: { $0.limits = .unlimited }) { app in
            let sqlite = try #require(app.store as? SQLiteStore)
            let service = try await app.createService()
            let (user, token) = try await app.user("sam")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            let long = String(repeating: "x", count: 9_000)
            func post(_ index: Int) async throws -> TestResponse {
                try await app.request(.post, path, json: ["title": "n\(index)", "subtitle": long])
            }
            #expect(try await post(0).status == .created)

            // Disk full: no page may be added beyond those the file has.
            let pages = try #require(try await sqlite.database.read { try await $0.first("PRAGMA page_count")?.int64("page_count") })
            try await sqlite.database.read { try await $0.execute(SQLiteQuery(stringLiteral: "PRAGMA max_page_count = \(pages)")) }
            var statuses: [Int] = []
            for index in 1...40 {
                let response = try await post(index)
                statuses.append(Int(response.status.code))
                if response.status == .serviceUnavailable {
                    #expect(response.headers[.retryAfter] == "5")
                    #expect(response.detail == "The database is unavailable; try again shortly")
                    break
                }
                #expect(response.status == .created)
            }
            #expect(statuses.last == 503, "the file filled up: \(statuses)")
            let inbox = try await app.request(.get, "/api/v2/users/user/notifications?limit=0", token: token)
            #expect(inbox.status == .ok, "reads go on")
            try await sqlite.database.read { try await $0.execute("PRAGMA max_page_count = 1073741823") }
            #expect(try await post(100).status == .created, "writes work again once there is room")

            // Read-only.
            try await sqlite.database.read { try await $0.execute("PRAGMA query_only = 1") }
            let refused = try await post(101)
            #expect(refused.status == .serviceUnavailable)
            #expect(try await app.request(.get, "/api/v2/users/user/notifications", token: token).status == .ok)
            try await sqlite.database.read { try await $0.execute("PRAGMA query_only = 0") }
            #expect(try await post(102).status == .created)

            // Nothing half-written: every 201 is one notification in the inbox, and the file is sound.
            let created = statuses.filter { $0 == 201 }.count + 3
            let stored = try await app.store.inbox(userID: user.id, limit: 1_000, order: .ascending)
            #expect(stored.count == created)
            let check = try await sqlite.database.read { try await $0.first("PRAGMA integrity_check")?.text("integrity_check") }
            #expect(check == "ok")
        }
    }
}
