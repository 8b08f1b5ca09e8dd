import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Evaluates subscribers' filters for a batch of publishes: the distinct
/// filters of the batch's services (read at most once a second per service,
/// so a stream of posts does not add a query to every batch), each parsed
/// once (cached by id: a stored filter's content never changes) and matched
/// against each notification. The store then links only the subscribers
/// whose filter matched. Memory is bounded by the number of distinct
/// filters, not users. A filter saved since the last read is unknown here
/// and lets notifications through until the next read.
final class FilterMatcher: Sendable {
    let store: any FilterStore
    private let compiled = NIOLockedValueBox<[Int64: CompiledFilter?]>([:])
    private let inUse = NIOLockedValueBox<[UUID: (readAt: ContinuousClock.Instant, filters: [StoredFilter])]>([:])
    /// Past this many cached filters the cache starts again.
    static let maxCached = 100_000
    /// How long a service's filter list is used before it is read again.
    static let listLifetime: Duration = .seconds(1)

    init(store: any FilterStore) {
        self.store = store
    }

    /// The filters of `services`: those read less than `listLifetime` ago
    /// from memory, the others in one query.
    private func filters(of services: Set<UUID>) async throws -> [StoredFilter] {
        let now = ContinuousClock.now
        let (fresh, stale) = inUse.withLockedValue { cache in
            let fresh = services.compactMap { cache[$0].flatMap { now - $0.readAt < Self.listLifetime ? $0.filters : nil } }.flatMap { $0 }
            return (fresh, services.filter { cache[$0].map { now - $0.readAt >= Self.listLifetime } ?? true })
        }
        guard !stale.isEmpty else { return fresh }
        let read = try await store.filtersInUse(serviceIDs: Array(stale))
        let byService = Dictionary(grouping: read, by: \.serviceID)
        inUse.withLockedValue { cache in
            if cache.count > Self.maxCached { cache.removeAll(keepingCapacity: true) }
            for service in stale { cache[service] = (now, byService[service] ?? []) }
        }
        return fresh + read
    }

    /// The batch with each request's verdicts filled in.
    func withVerdicts(_ batch: [PublishRequest]) async throws -> [PublishRequest] {
        let filters = try await filters(of: Set(batch.map(\.serviceID)))
        guard !filters.isEmpty else { return batch }
        let byService = Dictionary(grouping: filters, by: \.serviceID)
        let ready = compile(filters)
        return batch.map { request in
            guard let candidates = byService[request.serviceID] else { return request }
            var request = request
            request.filters = verdicts(candidates, ready, draft: request.draft, postedAt: request.at)
            return request
        }
    }

    /// The service's filters, ready to judge drafts made later (alerts are
    /// composed inside the store's transaction); nil when it has none.
    func judge(serviceID: UUID) async throws -> FilterJudge? {
        let filters = try await store.filtersInUse(serviceIDs: [serviceID])
        guard !filters.isEmpty else { return nil }
        let ready = compile(filters)
        return { [self] draft, postedAt in verdicts(filters, ready, draft: draft, postedAt: postedAt) }
    }

    /// Of a keyed notification's update, the filters that match the new
    /// content but did not match the old: their holders are told again.
    func newlyMatching(serviceID: UUID, old: NotificationDraft, new: NotificationDraft, postedAt: Date, now: Date) async throws -> [Int64] {
        let filters = try await store.filtersInUse(serviceIDs: [serviceID])
        let ready = compile(filters)
        let before = FilterSubject(old, postedAt: postedAt)
        let after = FilterSubject(new, postedAt: postedAt)
        return filters.compactMap { stored in
            let filter = ready[stored.id] ?? nil
            let matchesNew = filter?.matches(after, now: now) ?? true
            let matchedOld = filter?.matches(before, now: now) ?? true
            return matchesNew && !matchedOld ? stored.id : nil
        }
    }

    private func verdicts(_ candidates: [StoredFilter], _ ready: [Int64: CompiledFilter?], draft: NotificationDraft, postedAt: Date) -> FilterVerdicts {
        let subject = FilterSubject(draft, postedAt: postedAt)
        var verdicts = FilterVerdicts()
        for stored in candidates {
            verdicts.known.append(stored.id)
            // A filter that no longer reads (a language change) lets everything through.
            if (ready[stored.id] ?? nil)?.matches(subject, now: postedAt) ?? true { verdicts.matched.append(stored.id) }
        }
        return verdicts
    }

    private func compile(_ filters: [StoredFilter]) -> [Int64: CompiledFilter?] {
        var known = compiled.withLockedValue { cache in filters.reduce(into: [Int64: CompiledFilter?]()) { $0[$1.id] = cache[$1.id] } }
        let missing = filters.filter { known[$0.id] == nil }
        guard !missing.isEmpty else { return known }
        for stored in missing { known[stored.id] = .some(CompiledFilter(stored.filter)) }
        compiled.withLockedValue { cache in
            if cache.count + missing.count > Self.maxCached { cache.removeAll(keepingCapacity: true) }
            for stored in missing { cache.updateValue(known[stored.id] ?? nil, forKey: stored.id) }
        }
        return known
    }
}
