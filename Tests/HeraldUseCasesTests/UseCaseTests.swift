import Foundation
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import HeraldUseCases
import Synchronization
import Testing

/// The use cases on their own, over a SQLite store (the API and page tests
/// drive them through every way in).
@Suite("Use cases")
struct UseCaseTests {
    /// A clock standing still: a brake's bucket never refills.
    static let frozen = WallClock { Date(timeIntervalSince1970: 1_900_000_000) }

    @Test func oneBudgetPerUserWhateverTheChange() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            let refused = Counter()
            let brake = UserChangeBrake(perMinute: 3, clock: Self.frozen) { refused.add() }
            let subscriptions = Subscriptions(store: store, visibility: ServiceVisibility(demo: nil), brake: brake, filtersPerService: 10)
            let inbox = InboxChanges(store: store, brake: brake, clock: Self.frozen)
            try await subscriptions.set(true, on: service.id, for: ann)
            try await subscriptions.setFilter(SubscriptionFilter(expression: "severity = critical"), on: service.id, for: ann)
            try await inbox.apply([1: .starred], for: ann)
            await #expect(throws: UseCaseError.self) { try await inbox.apply([1: .unstarred], for: ann) }
            try await inbox.apply([1: .read], for: ann)
            await #expect(throws: UseCaseError.self) { try await subscriptions.change([service.id: false], for: ann) }
            try await subscriptions.change([service.id: true], for: bob)
            #expect(refused.value == 2)
            await #expect(throws: UseCaseError.notFound("Service")) { try await subscriptions.set(true, on: UUID(), for: bob) }
        }
    }

    @Test func theDemoAccountSeesItsServiceOnly() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let demoService = try await store.createService(ServiceDraft(category: "Demo", color: "00ff00", owner: "ops"))
            let real = try await store.createService(ServiceDraft(category: "Linac", color: "ff0000", owner: "ops"))
            let demo = try await store.createUser(username: "demo", passwordHash: nil, isAdmin: false, origin: .demo, at: Date())
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let visibility = ServiceVisibility(demo: DemoAccount(password: "x", service: "Demo"))
            let subscriptions = Subscriptions(store: store, visibility: visibility, brake: UserChangeBrake(perMinute: 0, clock: .system), filtersPerService: 10)
            #expect(try await subscriptions.services(for: demo).map(\.service.id) == [demoService.id])
            #expect(try await subscriptions.services(for: ann).count == 2)
            #expect(try await subscriptions.change([real.id: true, demoService.id: true], for: demo) == 1)
            await #expect(throws: UseCaseError.notFound("Service")) { try await subscriptions.filter(on: real.id, for: demo) }
            #expect(try await visibility.visible([demoService, real], to: ann).count == 2)
            // The demo account's own account stays confined once the demo is off (it
            // may still hold a token); a local account merely named so is not.
            #expect(ServiceVisibility(demo: nil).isConfined(demo), "made by the demo login: confined for good")
            let localDemo = User(id: 999, username: "demo", isActive: true, isAdmin: false, origin: .local)
            #expect(ServiceVisibility(demo: nil).isConfined(localDemo) == false, "no demo account configured: a local 'demo' is a person")
            #expect(visibility.isConfined(localDemo), "with the demo on, the name is the demo's")
            #expect(visibility.isConfined(User(id: 998, username: "eve", isActive: true, isAdmin: false, origin: .oidc, isConfined: true)))
        }
    }

    @Test func heldAndRecurringNotificationsAreCapped() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            var limits = LimitSettings()
            limits.scheduledPerService = 1
            limits.recurringPerService = 1
            let schedules = Schedules(store: store, publisher: .forTests(store), limits: limits, clock: .system)
            let later = Date().addingTimeInterval(3600)
            // Judged through the Publisher, as of its time: an expiry before it is refused.
            do {
                _ = try await schedules.hold(NotificationDraft(title: "later", expiresAt: later.addingTimeInterval(-60)), on: service.id, until: later, from: .api)
                Issue.record("a notification that expires before it is due was held")
            } catch UseCaseError.rejected(let problems) {
                #expect(problems.map(\.field) == ["expires_at"], "\(problems)")
            }
            _ = try await schedules.hold(NotificationDraft(title: "later"), on: service.id, until: later, from: .api)
            do {
                _ = try await schedules.hold(NotificationDraft(title: "later"), on: service.id, until: later, from: .api)
                Issue.record("a second held notification was kept")
            } catch UseCaseError.overLimit(let field, let why) {
                #expect(field == "deliver_at" && why.contains("SCHEDULED_PER_SERVICE"))
            }
            do {
                _ = try await schedules.hold(NotificationDraft(title: "later"), on: UUID(), until: later, from: .api)
                Issue.record("a notification was held for a service that does not exist")
            } catch UseCaseError.notFound(let what) {
                #expect(what == "Service")
            }
            _ = try await schedules.makeRecurring(on: service.id, cron: "0 7 * * *", timeZone: "Europe/Stockholm", draft: NotificationDraft(title: "stand-up"), by: .sender, logger: TestDatabase.logger)
            do {
                _ = try await schedules.makeRecurring(on: service.id, cron: "0 8 * * *", timeZone: nil, draft: NotificationDraft(title: "again"), by: .sender, logger: TestDatabase.logger)
                Issue.record("a second recurring notification was made")
            } catch UseCaseError.overLimit(let field, let why) {
                #expect(field == "cron" && why.contains("RECURRING_PER_SERVICE"))
            }
            do {
                _ = try await schedules.makeRecurring(on: service.id, cron: "61 * * *", timeZone: "Mars/Olympus", draft: NotificationDraft(title: ""), by: .sender, logger: TestDatabase.logger)
                Issue.record("a broken schedule was made")
            } catch UseCaseError.rejected(let problems) {
                #expect(Set(problems.map(\.field)) == ["time_zone", "title"], "every mistake at once, each at its field: \(problems)")
            }
        }
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
