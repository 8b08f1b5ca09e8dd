import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Evaluates subscribers' filters for publishes, alerts and keyed updates.
/// Each service's filters are kept parsed in memory and only the ones
/// stored since are read (a filter's row never changes; ids only grow), at
/// most once a second per service, so none of these costs a query for
/// filters or any parsing however many a service has. Ids are drawn before
/// commit, so a row can become visible after one with a higher id: each
/// read looks `reorderWindow` ids back and keeps what it had not seen. Each
/// notification is matched once against each distinct filter, and only the
/// refusals go to the store, which leaves out their holders. Memory is
/// bounded by the number of distinct filters, not users. A filter saved
/// since the last look is unknown here and lets notifications through
/// until the next. Every `fullReadInterval` a service's whole list is read
/// again, so filters removed since (a user replaced theirs; retention) are
/// no longer evaluated; the parsed ones are kept. A service holding more
/// than `maxPerService` (FILTERS_PER_SERVICE, which the store never lets
/// it exceed) has some of those: it is read in full at its next look, so
/// a user changing their filter over and over cannot make publishing
/// evaluate more than about that many.
final class FilterMatcher: Sendable {
    let store: any FilterStore
    /// A service's filters, parsed, in the order they were stored.
    private struct ServiceFilters {
        var checkedAt: ContinuousClock.Instant
        var readInFullAt: ContinuousClock.Instant
        var highest: Int64 = 0
        var seen: Set<Int64> = []
        var filters: [(id: Int64, filter: CompiledFilter?)] = []
    }
    private let services = NIOLockedValueBox<[UUID: ServiceFilters]>([:])
    /// Past this many filters kept (all services together) the cache starts again.
    static let maxCached = 250_000
    /// How long a service's filters are used before looking for new ones.
    static let listLifetime: Duration = .seconds(1)
    /// How often a service's whole list is read again.
    static let fullReadInterval: Duration = .seconds(600)

    let now: @Sendable () -> ContinuousClock.Instant
    /// How many ids before the highest seen each read looks again: more than
    /// filters can be saved while one save's transaction is open.
    let reorderWindow: Int64
    /// More filters kept for a service than this: read it in full next time.
    let maxPerService: Int

    init(
        store: any FilterStore, reorderWindow: Int64 = 1_000, maxPerService: Int = .max,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.store = store
        self.reorderWindow = reorderWindow
        self.maxPerService = maxPerService
        self.now = now
    }

    /// The filters of `services`, after reading those stored since the last
    /// look for the services not looked at in the last `listLifetime`.
    private func filters(of wanted: Set<UUID>) async throws -> [UUID: [(id: Int64, filter: CompiledFilter?)]] {
        let now = now()
        let (known, stale) = services.withLockedValue { cache in
            (cache, wanted.filter { cache[$0].map { now - $0.checkedAt >= Self.listLifetime } ?? true })
        }
        guard !stale.isEmpty else { return known.filter { wanted.contains($0.key) }.mapValues(\.filters) }
        let whole = stale.filter { service in
            known[service].map { now - $0.readInFullAt >= Self.fullReadInterval || $0.filters.count > maxPerService } ?? false
        }
        let recent = stale.subtracting(whole)
        let since = max(0, (recent.map { known[$0]?.highest ?? 0 }.min() ?? 0) - reorderWindow)
        var fresh = known
        for (services, after) in [(recent, since), (whole, 0)] where !services.isEmpty {
            let read = try await store.filters(serviceIDs: Array(services), after: after)
            for service in services {
                // A whole read starts the list again, keeping what was parsed.
                let restart = whole.contains(service)
                let parsed = restart ? Dictionary((fresh[service]?.filters ?? []).map { ($0.id, $0.filter) }, uniquingKeysWith: { first, _ in first }) : [:]
                var entry = (restart ? nil : fresh[service]) ?? ServiceFilters(checkedAt: now, readInFullAt: now)
                entry.checkedAt = now
                for stored in read where stored.serviceID == service && entry.seen.insert(stored.id).inserted {
                    entry.filters.append((stored.id, parsed[stored.id] ?? CompiledFilter(stored.filter)))
                    entry.highest = max(entry.highest, stored.id)
                }
                fresh[service] = entry
            }
        }
        services.withLockedValue { cache in
            if cache.values.reduce(0, { $0 + $1.filters.count }) > Self.maxCached { cache.removeAll(keepingCapacity: true) }
            for service in stale { cache[service] = fresh[service] }
        }
        return fresh.filter { wanted.contains($0.key) }.mapValues(\.filters)
    }

    /// The batch with each request's verdicts filled in.
    func withVerdicts(_ batch: [PublishRequest]) async throws -> [PublishRequest] {
        let byService = try await filters(of: Set(batch.map(\.serviceID)))
        guard byService.values.contains(where: { !$0.isEmpty }) else { return batch }
        return batch.map { request in
            guard let candidates = byService[request.serviceID], !candidates.isEmpty else { return request }
            var request = request
            request.filters = Self.verdicts(candidates, draft: request.draft, postedAt: request.at)
            return request
        }
    }

    /// The service's filters, ready to judge drafts made later (alerts are
    /// composed inside the store's transaction); nil when it has none.
    func judge(serviceID: UUID) async throws -> FilterJudge? {
        guard let filters = try await filters(of: [serviceID])[serviceID], !filters.isEmpty else { return nil }
        return { draft, postedAt in Self.verdicts(filters, draft: draft, postedAt: postedAt) }
    }

    /// Of a keyed notification's update, the filters that match the new
    /// content but did not match the old: their holders are told again.
    func newlyMatching(serviceID: UUID, old: NotificationDraft, new: NotificationDraft, postedAt: Date, now: Date) async throws -> [Int64] {
        let filters = try await filters(of: [serviceID])[serviceID] ?? []
        let before = FilterSubject(old, postedAt: postedAt)
        let after = FilterSubject(new, postedAt: postedAt)
        return filters.compactMap { id, filter in
            let matchesNew = filter?.matches(after, now: now) ?? true
            let matchedOld = filter?.matches(before, now: now) ?? true
            return matchesNew && !matchedOld ? id : nil
        }
    }

    /// A filter that no longer reads (a language change) lets everything through.
    private static func verdicts(_ candidates: [(id: Int64, filter: CompiledFilter?)], draft: NotificationDraft, postedAt: Date) -> FilterVerdicts {
        let subject = FilterSubject(draft, postedAt: postedAt)
        var verdicts = FilterVerdicts()
        for (id, filter) in candidates where !(filter?.matches(subject, now: postedAt) ?? true) { verdicts.rejected.append(id) }
        return verdicts
    }
}
