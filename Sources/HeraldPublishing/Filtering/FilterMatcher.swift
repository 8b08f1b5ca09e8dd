import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Evaluates subscribers' filters for a batch of publishes: one query for
/// the distinct filters of the batch's services, each parsed once (cached
/// by id: a stored filter's content never changes) and matched against each
/// notification. The store then links only the subscribers whose filter
/// matched. Memory is bounded by the number of distinct filters, not users.
final class FilterMatcher: Sendable {
    let store: any FilterStore
    private let compiled = NIOLockedValueBox<[Int64: CompiledFilter?]>([:])
    /// Past this many cached filters the cache starts again.
    static let maxCached = 100_000

    init(store: any FilterStore) {
        self.store = store
    }

    /// The batch with each request's verdicts filled in.
    func withVerdicts(_ batch: [PublishRequest]) async throws -> [PublishRequest] {
        let filters = try await store.filtersInUse(serviceIDs: Array(Set(batch.map(\.serviceID))))
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
