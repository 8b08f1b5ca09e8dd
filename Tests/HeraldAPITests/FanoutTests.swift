import Foundation
import HeraldCore
import HeraldMocks
import HTTPTypes
import HeraldTestSupport
import HummingbirdTesting
import Testing

/// Fan-out after the answer (issue 27), through the live server and the
/// worker on mock APNs, on every backend: a post to more subscribers than
/// the publish links itself is answered before its audience exists; every
/// subscriber's phone then gets it exactly once and every inbox holds it,
/// but not the one whose filter refused it; a critical post to a one-person
/// service while the fan-out runs reaches its phone.
@Suite("Fan-out after the answer")
struct FanoutTests {
    @Test(arguments: Backend.allCases)
    func aLargeAudienceIsReachedAfterTheAnswerOnceEachAndAnAlarmIsNotHeldBack(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery; $0.fanoutInlineSubscribers = 5 }) { app in
                let news = try await app.createService()
                let alarms = try await app.createService()
                let readers = 60
                var tokens: [String] = []
                var users: [User] = []
                for index in 1...readers {
                    let user = try await app.store.createUser(username: "reader\(index)", passwordHash: "-", isAdmin: false)
                    // Signed in: the worker pushes only to accounts with a live login.
                    try await app.store.recordLogin(userID: user.id, expiresAt: Date().addingTimeInterval(3_600))
                    let token = DeliveryHarness.apnsToken(index)
                    _ = try await app.store.registerDevice(userID: user.id, token: token, platform: .apns, at: Date())
                    try await app.store.setSubscriptions(userID: user.id, [news.id: true])
                    tokens.append(token)
                    users.append(user)
                }
                // reader7 wants only what mentions vacuum.
                #expect(try await app.store.setFilter(userID: users[6].id, serviceID: news.id, SubscriptionFilter(includeKeywords: ["vacuum"])))
                let (operatorUser, _) = try await app.user("operator")
                let operatorPhone = DeliveryHarness.apnsToken(500)
                _ = try await app.store.registerDevice(userID: operatorUser.id, token: operatorPhone, platform: .apns, at: Date())
                try await app.store.setSubscriptions(userID: operatorUser.id, [alarms.id: true])

                let posted = try await app.request(.post, "/api/v2/services/\(news.id.uuidString)/notifications", json: ["title": "Weekly news", "severity": "info"])
                #expect(posted.status == .created, "\(posted.text)")
                let newsID = try #require(try posted.json(["id"]) as? Int)
                let alarm = try await app.request(.post, "/api/v2/services/\(alarms.id.uuidString)/notifications", json: ["title": "Beam lost", "severity": "critical"])
                #expect(alarm.status == .created, "\(alarm.text)")

                @Sendable func count(_ token: String) -> Int { mocks.apns.pushes.filter { $0.token == token && !$0.isBackground }.count }
                try await eventually("the alarm reaches the operator", timeout: .seconds(120)) { count(operatorPhone) == 1 ? true : nil }
                let refused = tokens[6]
                let phones = tokens
                try await eventually("every reader's phone rings", timeout: .seconds(30)) {
                    phones.allSatisfy { $0 == refused || count($0) >= 1 } ? true : nil
                }
                try await eventually("the fan-out is done", timeout: .seconds(120)) { try await app.store.pendingFanouts() == 0 ? true : nil }
                // Not a pause: every push the news queued has an outcome, so a
                // second one to any phone would have been sent by now.
                try await eventually("every push of the news settled", timeout: .seconds(30)) { () async throws -> Bool? in
                    let report = try await app.store.deliveryReport(notificationID: Int64(newsID))
                    return report.count == readers - 1 && report.allSatisfy { $0.state != .pending && $0.state != .retrying } ? true : nil
                }
                #expect(tokens.filter { $0 != refused }.allSatisfy { count($0) == 1 }, "each once")
                #expect(count(refused) == 0, "the refusing filter holds")
                for (index, user) in users.enumerated() {
                    let holds = try await app.store.inbox(userID: user.id, limit: 5, order: .descending).contains { $0.notification.id == Int64(newsID) }
                    #expect(holds == (index != 6), "reader\(index + 1)")
                }
                #expect(mocks.apns.violations == [])
            }
        }
    }

    /// Issue 39: a large audience's withdrawals are bulk work for the
    /// fan-out job, not the acknowledgement's transaction: the
    /// acknowledgement answers at once, every holder's phone is then taken
    /// down exactly once, and acknowledge/withdraw toggling adds none.
    @Test(arguments: Backend.allCases)
    func aLargeAudiencesWithdrawalsAreAFanoutAndEachDeviceGetsOne(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery; $0.fanoutInlineSubscribers = 5 }) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                var phones: [String] = []
                var first: String?
                for index in 1...24 {
                    let (user, token) = try await app.user("holder\(index)")
                    let phone = DeliveryHarness.apnsToken(700 + index)
                    _ = try await app.store.registerDevice(userID: user.id, token: phone, platform: .apns, at: Date())
                    try await app.store.setSubscriptions(userID: user.id, [service.id: true])
                    phones.append(phone)
                    if first == nil { first = token }
                }
                let taker = try #require(first)
                let id = try #require(
                    try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Site-wide alarm", "severity": "critical"])
                        .json(["id"]) as? Int
                )
                let all = phones
                @Sendable func pushes(background: Bool) -> Int { mocks.apns.pushes.filter { all.contains($0.token) && $0.isBackground == background }.count }
                try await eventually("everyone's phone rings", timeout: .seconds(30)) { pushes(background: false) == 24 ? true : nil }

                let path = "/api/v2/users/user/notifications/\(id)/acknowledge"
                #expect(try await app.request(.post, path, token: taker, json: [String: String]()).status == .created)
                try await eventually("every phone taken down", timeout: .seconds(30)) { pushes(background: true) == 24 ? true : nil }
                for _ in 0..<3 {
                    #expect(try await app.request(.delete, path, token: admin).status == .noContent)
                    #expect(try await app.request(.post, path, token: taker, json: [String: String]()).status == .created)
                }
                try await eventually("the toggles' jobs done", timeout: .seconds(30)) { try await app.store.pendingFanouts() == 0 ? true : nil }
                let withdrawals = try await app.store.deliveryReport(notificationID: Int64(id)).filter { $0.purpose == .withdrawal }
                #expect(withdrawals.count == 24, "one per device, however often it was taken: \(withdrawals.count)")
                #expect(pushes(background: true) == 24)
                #expect(mocks.apns.violations == [])
            }
        }
    }
}
