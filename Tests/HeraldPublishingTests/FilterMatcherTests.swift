import Foundation
import HeraldCore
import HeraldTestSupport
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import HeraldPublishing

/// The publisher's filters: kept parsed, only new ones read, at most once a
/// second per service; only refusals reach the store.
@Suite("Filter matching")
struct FilterMatcherTests {
    /// A SQLite store, recording each read of new filters.
    final class CountingStore: FilterStore {
        let store: any HeraldStore
        init(_ store: any HeraldStore) { self.store = store }
        let reads = NIOLockedValueBox<[Int64]>([])
        /// Rows a read does not see yet, as if their transaction had not committed.
        let uncommitted = NIOLockedValueBox<Set<Int64>>([])

        func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter? { try await store.filter(userID: userID, serviceID: serviceID) }
        func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter] { try await store.filters(userID: userID) }
        func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter, maxDistinct: Int) async throws -> FilterChange {
            try await store.setFilter(userID: userID, serviceID: serviceID, filter, maxDistinct: maxDistinct)
        }
        func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
            let hidden = uncommitted.withLockedValue { $0 }
            let found = try await store.filters(serviceIDs: serviceIDs, after: id).filter { !hidden.contains($0.id) }
            // Counted once it has returned: a test waiting for a read waits for its result.
            reads.withLockedValue { $0.append(id) }
            return found
        }
    }

    func event(_ service: UUID, _ eventClass: String) -> PublishRequest {
        PublishRequest(NotificationDraft(title: eventClass, attributes: NotificationAttributes(["class": .string(eventClass)])), serviceID: service, at: Date())
    }

    @Test func onlyNewFiltersAreReadAtMostOnceASecondAndOnlyRefusalsTravel() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let counting = CountingStore(store)
            let service = try await counting.store.createService(ServiceDraft(category: "Transients", color: "000000", owner: "lsst"))
            let (ann, bob) = (try await counting.store.createUser(username: "ann", passwordHash: nil, isAdmin: false, origin: .local, at: Date()),
                              try await counting.store.createUser(username: "bob", passwordHash: nil, isAdmin: false, origin: .local, at: Date()))
            #expect(try await counting.setFilter(userID: ann.id, serviceID: service.id, SubscriptionFilter(expression: "class == comet")))
            let comets = try #require(try await counting.store.filters(serviceIDs: [service.id], after: 0).first?.id)
            let clock = NIOLockedValueBox(ContinuousClock.now)
            let matcher = FilterMatcher(store: counting, reorderWindow: 0) { clock.withLockedValue { $0 } }

            let first = try await matcher.withVerdicts([event(service.id, "comet"), event(service.id, "supernova")])
            #expect(first.map(\.filters.rejected) == [[], [comets]], "the comet passes; the supernova is refused by ann's filter")
            #expect(counting.reads.withLockedValue { $0 } == [0], "every filter read once")

            // Bob's filter, saved within the second: not read yet, so it lets everything through.
            #expect(try await counting.setFilter(userID: bob.id, serviceID: service.id, SubscriptionFilter(expression: "class == supernova")))
            let early = try await matcher.withVerdicts([event(service.id, "comet")])
            #expect(early.map(\.filters.rejected) == [[]])
            #expect(counting.reads.withLockedValue { $0 } == [0], "no read within the second")

            // A second later only what was stored after the last filter seen is read.
            clock.withLockedValue { $0 += .seconds(1) }
            let later = try await matcher.withVerdicts([event(service.id, "comet")])
            let supernovae = try #require(try await counting.store.filters(serviceIDs: [service.id], after: 0).last?.id)
            #expect(later.map(\.filters.rejected) == [[supernovae]], "bob's filter now refuses the comet")
            #expect(counting.reads.withLockedValue { $0 } == [0, comets])

            // A service without filters: one look, no verdicts, nothing to refuse.
            let other = try await counting.store.createService(ServiceDraft(category: "Other", color: "000000", owner: "x"))
            let plain = try await matcher.withVerdicts([event(other.id, "comet")])
            #expect(plain.map(\.filters.isEmpty) == [true])
        }
    }

    /// Ids are drawn before commit: a filter saved in a transaction that
    /// commits after a later one's is seen at the next look all the same.
    @Test func aFilterCommittedAfterOneWithAHigherIdIsStillRead() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let counting = CountingStore(store)
            let service = try await counting.store.createService(ServiceDraft(category: "Transients", color: "000000", owner: "lsst"))
            var users: [User] = []
            for name in ["ann", "bob"] { users.append(try await counting.store.createUser(username: name, passwordHash: nil, isAdmin: false, origin: .local, at: Date())) }
            #expect(try await counting.setFilter(userID: users[0].id, serviceID: service.id, SubscriptionFilter(expression: "class == comet")))
            #expect(try await counting.setFilter(userID: users[1].id, serviceID: service.id, SubscriptionFilter(expression: "class == supernova")))
            let ids = try await counting.store.filters(serviceIDs: [service.id], after: 0).map(\.id)
            let (comets, supernovae) = (ids[0], ids[1])
            counting.uncommitted.withLockedValue { $0 = [comets] }
            let clock = NIOLockedValueBox(ContinuousClock.now)
            let matcher = FilterMatcher(store: counting) { clock.withLockedValue { $0 } }

            let before = try await matcher.withVerdicts([event(service.id, "unknown")])
            #expect(before.map(\.filters.rejected) == [[supernovae]], "ann's filter is not visible yet")
            counting.uncommitted.withLockedValue { $0 = [] }
            clock.withLockedValue { $0 += .seconds(1) }
            let after = try await matcher.withVerdicts([event(service.id, "unknown")])
            #expect(after.map { Set($0.filters.rejected) } == [[comets, supernovae]], "read although below the highest id seen, and once")
            clock.withLockedValue { $0 += .seconds(1) }
            let again = try await matcher.withVerdicts([event(service.id, "unknown")])
            #expect(again.map(\.filters.rejected.count) == [2], "no filter twice")
        }
    }

    /// With a refresher running, a post uses a list a second old as it is
    /// and the refresher reads what was stored since; past `staleLimit`, or
    /// with no refresher, the post reads it itself.
    @Test func aRefresherReadsStaleListsOffThePostsPath() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let counting = CountingStore(store)
            let service = try await counting.store.createService(ServiceDraft(category: "Transients", color: "000000", owner: "lsst"))
            var users: [User] = []
            for name in ["ann", "bob", "cy"] { users.append(try await counting.store.createUser(username: name, passwordHash: nil, isAdmin: false, origin: .local, at: Date())) }
            #expect(try await counting.setFilter(userID: users[0].id, serviceID: service.id, SubscriptionFilter(expression: "class == comet")))
            let clock = NIOLockedValueBox(ContinuousClock.now)
            let matcher = FilterMatcher(store: counting, reorderWindow: 0) { clock.withLockedValue { $0 } }
            let reads = { counting.reads.withLockedValue { $0.count } }
            func readsReach(_ count: Int) async throws {
                let deadline = ContinuousClock.now + .seconds(10)
                while reads() < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
                #expect(reads() == count)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await matcher.keepFresh(logger: Logger(label: "test")) }
                let deadline = ContinuousClock.now + .seconds(60)
                while !matcher.isRefreshed {
                    guard ContinuousClock.now < deadline else { throw TestSetupError("the refresher never made its first pass") }
                    try await Task.sleep(for: .milliseconds(5))
                }
                // The first look at a service is the post's own: there is nothing to use yet.
                #expect(try await matcher.withVerdicts([event(service.id, "comet")]).map(\.filters.rejected) == [[]])
                #expect(reads() == 1)

                #expect(try await counting.setFilter(userID: users[1].id, serviceID: service.id, SubscriptionFilter(expression: "class == supernova")))
                let supernovae = try #require(try await counting.store.filters(serviceIDs: [service.id], after: 0).last?.id)
                clock.withLockedValue { $0 += .seconds(1) }
                let stale = try await matcher.withVerdicts([event(service.id, "comet")])
                #expect(stale.map(\.filters.rejected) == [[]], "the post used the list it had: bob's filter is not known yet")
                try await readsReach(2)
                // The refresher's read has returned; what it read is in use once it has applied it.
                let refreshed = try await eventually("the refresher's read in use", timeout: .seconds(120), every: .milliseconds(5)) { () -> [[Int64]]? in
                    let verdicts = try await matcher.withVerdicts([event(service.id, "comet")]).map(\.filters.rejected)
                    return verdicts == [[supernovae]] ? verdicts : nil
                }
                #expect(refreshed == [[supernovae]], "the refresher read bob's filter")
                #expect(reads() == 2, "that post read nothing")

                // A list older than the limit (posts stopped for a while) is the post's to read.
                #expect(try await counting.setFilter(userID: users[2].id, serviceID: service.id, SubscriptionFilter(expression: "class == nova")))
                let novae = try #require(try await counting.store.filters(serviceIDs: [service.id], after: 0).last?.id)
                clock.withLockedValue { $0 += FilterMatcher.staleLimit }
                let overdue = try await matcher.withVerdicts([event(service.id, "comet")])
                #expect(overdue.map(\.filters.rejected) == [[supernovae, novae]])
                #expect(reads() == 3)
                group.cancelAll()
            }

            // No refresher any more: a second-old list is read by the post, as before.
            #expect(try await counting.setFilter(userID: users[0].id, serviceID: service.id, SubscriptionFilter(expression: "class == planet")))
            clock.withLockedValue { $0 += .seconds(1) }
            let alone = try await matcher.withVerdicts([event(service.id, "comet")])
            #expect(alone.first?.filters.rejected.count == 3, "ann's new filter refuses the comet too")
            #expect(reads() == 4)
        }
    }

    /// A filter its holder replaced (the store removes the row nobody holds
    /// any more) is evaluated until the service's list is next read in
    /// full, then no more.
    @Test func filtersRemovedByRetentionLeaveAtTheNextFullRead() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let counting = CountingStore(store)
            let service = try await counting.store.createService(ServiceDraft(category: "Transients", color: "000000", owner: "lsst"))
            let ann = try await counting.store.createUser(username: "ann", passwordHash: nil, isAdmin: false, origin: .local, at: Date())
            #expect(try await counting.setFilter(userID: ann.id, serviceID: service.id, SubscriptionFilter(expression: "class == comet")))
            let clock = NIOLockedValueBox(ContinuousClock.now)
            let matcher = FilterMatcher(store: counting, reorderWindow: 0) { clock.withLockedValue { $0 } }
            let comets = try #require(try await counting.store.filters(serviceIDs: [service.id], after: 0).first?.id)
            #expect(try await matcher.withVerdicts([event(service.id, "unknown")]).map(\.filters.rejected) == [[comets]])

            #expect(try await counting.setFilter(userID: ann.id, serviceID: service.id, SubscriptionFilter(expression: "class == supernova")))
            #expect(try await counting.store.pruneUnusedFilters(limit: 10) == 0, "replaced in place: nothing left for retention")
            let supernovae = try #require(try await counting.store.filters(serviceIDs: [service.id], after: 0).first?.id)
            clock.withLockedValue { $0 += .seconds(1) }
            #expect(try await matcher.withVerdicts([event(service.id, "unknown")]).map(\.filters.rejected) == [[comets, supernovae]], "the removed one is still kept")

            clock.withLockedValue { $0 += FilterMatcher.fullReadInterval }
            #expect(try await matcher.withVerdicts([event(service.id, "unknown")]).map(\.filters.rejected) == [[supernovae]])
            #expect(counting.reads.withLockedValue { $0 }.last == 0, "read in full")
        }
    }

    /// Issue 23: a user who changes their filter again and again leaves
    /// rows the matcher read; once a service holds more than
    /// FILTERS_PER_SERVICE of them it is read in full at its next look, so
    /// publishing evaluates about that many, not one per change.
    @Test func aServiceOverItsFilterCapIsReadInFullAtItsNextLook() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let counting = CountingStore(store)
            let service = try await counting.store.createService(ServiceDraft(category: "Transients", color: "000000", owner: "lsst"))
            let ann = try await counting.store.createUser(username: "ann", passwordHash: nil, isAdmin: false, origin: .local, at: Date())
            let clock = NIOLockedValueBox(ContinuousClock.now)
            let matcher = FilterMatcher(store: counting, reorderWindow: 0, maxPerService: 2) { clock.withLockedValue { $0 } }
            for index in 0..<4 {
                #expect(try await counting.setFilter(userID: ann.id, serviceID: service.id, SubscriptionFilter(expression: "class == c\(index)")))
                clock.withLockedValue { $0 += .seconds(1) }
                let rejected = try await matcher.withVerdicts([event(service.id, "unknown")]).first?.filters.rejected.count ?? 0
                #expect(rejected <= 3, "at most the cap and the one saved since: \(rejected)")
            }
            clock.withLockedValue { $0 += .seconds(1) }
            #expect(try await matcher.withVerdicts([event(service.id, "unknown")]).first?.filters.rejected.count == 1)
        }
    }
}
