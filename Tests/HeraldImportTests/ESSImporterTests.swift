import Foundation
import HeraldCore
import HeraldImport
import HeraldPublishing
import HeraldTestSupport
import Testing

/// `herald import-ess` on a database built with the old server's schema:
/// nothing lost, the same result when run twice, and an imported phone
/// gets the next push without registering again.
@Suite("Importing from ESS Notify")
struct ESSImporterTests {
    static let cases: [(ESSFixture.Dialect, Backend)] = [(.postgres, .postgres), (.sqlite, .sqlite)]

    @Test(arguments: cases)
    func everythingComesOverOnceAndPhonesKeepGettingPushes(source dialect: ESSFixture.Dialect, target: Backend) async throws {
        try await ESSFixture.with(dialect) { location in
            try await TestDatabase.withStore(target) { store in
                try await ESSSources.with(location, logger: TestDatabase.logger) { source in
                    let importer = ESSImporter(source: source, store: store, origin: .ldap, logger: TestDatabase.logger)

                    let plan = try await importer.plan()
                    #expect(plan.usersCreated == 100 && plan.servicesCreated == 10 && plan.devices == 200 && plan.notificationsRead == 1_000)
                    #expect(try await store.users().isEmpty, "a dry run writes nothing")

                    let first = try await importer.run()
                    #expect(first.usersCreated == 100 && first.usersFound == 0)
                    #expect(first.servicesCreated == 10 && first.subscriptions == 200)
                    #expect(first.colorsReplaced == 1, "service 8's colour is not one")
                    #expect(first.devices == 200 && first.devicesSkipped == 1)
                    #expect(first.notificationsCreated == 1_000 && first.notificationsFound == 0 && first.notificationsSkipped == 0)
                    #expect(first.inboxEntries == 20_000 && first.inboxEntriesSkipped == 0)
                    #expect(first.keywordFilters == 3 && first.keywordFiltersSkipped == 2)
                    var afterFirst = try await Self.snapshot(store)
                    try Self.check(afterFirst)
                    #expect(afterFirst.filters["user0"] == [ESSFixture.serviceID(0): SubscriptionFilter(includeKeywords: ["disk", "cold box"])])
                    #expect(afterFirst.filters["user1"] == [ESSFixture.serviceID(1): SubscriptionFilter(includeKeywords: ["beam", "linac"], excludeKeywords: ["test run", "maintenance"])])
                    #expect(afterFirst.filters["user2"] == [ESSFixture.serviceID(2): SubscriptionFilter(excludeKeywords: ["Test"])])
                    #expect(afterFirst.filters.values.filter { !$0.isEmpty }.count == 3, "the unknown service's and the too long one are not imported")

                    // An expression set here since stays when the import runs again.
                    let user0 = try #require(afterFirst.users["user0"])
                    let withExpression = SubscriptionFilter(expression: "severity >= major", includeKeywords: ["disk", "cold box"])
                    #expect(try await store.setFilter(userID: user0.id, serviceID: ESSFixture.serviceID(0), withExpression))
                    afterFirst.filters["user0"] = [ESSFixture.serviceID(0): withExpression]

                    let second = try await importer.run()
                    #expect(second.usersCreated == 0 && second.usersFound == 100)
                    #expect(second.servicesCreated == 0 && second.notificationsCreated == 0 && second.notificationsFound == 1_000)
                    #expect(try await Self.snapshot(store) == afterFirst, "a second run changes nothing")

                    // The next notification reaches every imported device of the service's subscribers.
                    let service = ESSFixture.serviceID(3)
                    _ = try await Publisher.forTests(store).publish(NotificationDraft(title: "After the move"), to: service, from: .api)
                    let claimed = try await store.claimDeliveries(limit: 1_000, now: Date(), leaseUntil: Date().addingTimeInterval(60))
                    let expected = ESSFixture.subscribers(3).flatMap { [ESSFixture.apnsToken($0), ESSFixture.fcmToken($0)] }
                    #expect(Set(claimed.compactMap(\.token)) == Set(expected))
                    #expect(claimed.filter { $0.platform == .apns }.count == 20 && claimed.count == 40)
                }
            }
        }
    }

    /// What the store holds, compared between runs.
    struct Snapshot: Equatable {
        var users: [String: User]
        var subscriptions: [String: Set<UUID>]
        var devices: [String: Set<String>]
        var services: [ServiceRecord]
        var notifications: [UUID: [NotificationRecord]]
        var unread: [String: Int]
        var filters: [String: [UUID: SubscriptionFilter]] = [:]
    }

    static func snapshot(_ store: any HeraldStore) async throws -> Snapshot {
        var snapshot = Snapshot(users: [:], subscriptions: [:], devices: [:], services: [], notifications: [:], unread: [:])
        for user in try await store.users() {
            snapshot.users[user.username] = user
            snapshot.subscriptions[user.username] = Set(try await store.userServices(userID: user.id).filter(\.isSubscribed).map(\.service.id))
            snapshot.devices[user.username] = Set(try await store.devices(userID: user.id).map { "\($0.platform.rawValue):\($0.token)" })
            snapshot.unread[user.username] = try await store.unreadCount(userID: user.id)
            snapshot.filters[user.username] = try await store.filters(userID: user.id)
        }
        snapshot.services = try await store.services().sorted { $0.category < $1.category }
        for service in snapshot.services { snapshot.notifications[service.id] = try await store.notifications(serviceID: service.id) }
        return snapshot
    }

    static func check(_ snapshot: Snapshot) throws {
        #expect(snapshot.users.count == 100)
        for index in 0..<ESSFixture.userCount {
            let user = try #require(snapshot.users["user\(index)"])
            #expect(user.isAdmin == ESSFixture.isAdmin(index) && user.isActive == ESSFixture.isActive(index), "flags of user\(index)")
            #expect(user.origin == .ldap)
            #expect(snapshot.subscriptions["user\(index)"] == Set(ESSFixture.subscriptions(index).map(ESSFixture.serviceID)))
            #expect(snapshot.devices["user\(index)"] == ["apns:\(ESSFixture.apnsToken(index))", "fcm:\(ESSFixture.fcmToken(index))"])
            let unread = (1...ESSFixture.notificationCount).filter {
                ESSFixture.subscriptions(index).contains(ESSFixture.service(of: $0)) && !ESSFixture.isRead(user: index, notification: $0)
            }.count
            #expect(snapshot.unread["user\(index)"] == unread, "unread of user\(index)")
        }
        #expect(snapshot.services.map(\.id) == (0..<10).map(ESSFixture.serviceID))
        #expect(snapshot.services[1] == ServiceRecord(id: ESSFixture.serviceID(1), category: "Service 1", color: "#123451", owner: "owner1"))
        #expect(snapshot.services[9].color == "" && snapshot.services[9].owner == "")
        #expect(snapshot.services[8].color == ServiceRecord.neutralColor, "a stored colour that is not one is imported as grey")
        let all = snapshot.notifications.values.flatMap { $0 }
        #expect(all.count == 1_000)
        let twelfth = try #require(all.first { $0.title == "Alarm 12" })
        #expect(twelfth.serviceID == ESSFixture.serviceID(2) && twelfth.subtitle == "" && twelfth.url == "https://example.org/12")
        #expect(abs(twelfth.timestamp.timeIntervalSince(ESSFixture.timestamp(12))) < 0.000_01)
        let seventh = try #require(all.first { $0.title == "Alarm 7" })
        #expect(seventh.subtitle == "Details 7" && seventh.url == "")
    }

    @Test func theOldURLIsReadAsSQLAlchemyReadsIt() throws {
        #expect(try ESSSources.location(sqlAlchemyURL: "sqlite:///./sql_app.db") == .sqlite(path: "./sql_app.db"))
        #expect(try ESSSources.location(sqlAlchemyURL: "sqlite:///notify.db") == .sqlite(path: "notify.db"))
        #expect(try ESSSources.location(sqlAlchemyURL: "sqlite:////var/lib/notify/notify.db") == .sqlite(path: "/var/lib/notify/notify.db"))
        guard case .postgres(let settings) = try ESSSources.location(sqlAlchemyURL: "postgresql+psycopg2://notify:secret@db.example.org:5433/notify") else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(settings.host == "db.example.org" && settings.port == 5433 && settings.database == "notify" && settings.password == "secret")
        #expect(throws: (any Error).self) { try ESSSources.location(sqlAlchemyURL: "mysql://x@y/z") }
    }
}
