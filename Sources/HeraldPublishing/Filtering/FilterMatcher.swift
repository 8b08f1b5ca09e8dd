import Foundation
import HeraldCore
import Logging
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
///
/// While a `FilterRefreshService` runs, a list older than `listLifetime`
/// (but not `staleLimit`) is used as it is and read again in the
/// background, so a post (an alarm every second) never waits for that
/// read; without one, or past `staleLimit`, the post reads it itself.
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
    /// How old a list may be when a refresher runs: past this the post
    /// reads it itself (a refresher that fell behind; a service not posted
    /// to for a while).
    static let staleLimit: Duration = .seconds(3)
    /// How often a service's whole list is read again.
    static let fullReadInterval: Duration = .seconds(600)
    /// The background refresher, while one runs: services whose list a post
    /// found stale, and how it is woken.
    private struct Refresher {
        var wake: AsyncStream<Void>.Continuation
        var pending: Set<UUID> = []
    }
    private let refresher = NIOLockedValueBox<Refresher?>(nil)
    /// Whether a refresher runs.
    var isRefreshed: Bool { refresher.withLockedValue { $0 != nil } }

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
    /// Those not older than `staleLimit` are left to the refresher if one runs.
    private func filters(of wanted: Set<UUID>) async throws -> [UUID: [(id: Int64, filter: CompiledFilter?)]] {
        let now = now()
        let known = services.withLockedValue { $0 }
        let stale = wanted.filter { Self.isOlder(known[$0], than: Self.listLifetime, now: now) }
        let overdue = stale.filter { Self.isOlder(known[$0], than: Self.staleLimit, now: now) }
        let leftToRefresher = overdue.count < stale.count && refresher.withLockedValue { refresher in
            guard refresher != nil else { return false }
            refresher?.pending.formUnion(stale.subtracting(overdue))
            refresher?.wake.yield()
            return true
        }
        return try await read(leftToRefresher ? overdue : stale, known: known, now: now).filter { wanted.contains($0.key) }.mapValues(\.filters)
    }

    /// Whether a service's list was last read `age` ago or more (or never).
    private static func isOlder(_ entry: ServiceFilters?, than age: Duration, now: ContinuousClock.Instant) -> Bool {
        entry.map { now - $0.checkedAt >= age } ?? true
    }

    /// The cache after reading the lists of `stale` (only what was stored
    /// since the last look, or the whole list when it is due).
    private func read(_ stale: Set<UUID>, known: [UUID: ServiceFilters], now: ContinuousClock.Instant) async throws -> [UUID: ServiceFilters] {
        guard !stale.isEmpty else { return known }
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
        return fresh
    }

    /// Reads, until cancelled, the lists posts found stale (`FilterRefreshService`).
    func keepFresh(logger: Logger) async {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        refresher.withLockedValue { $0 = Refresher(wake: wake) }
        defer { refresher.withLockedValue { $0 = nil } }
        await withTaskCancellationHandler {
            for await _ in wakes {
                let due = refresher.withLockedValue { refresher -> Set<UUID> in
                    defer { refresher?.pending = [] }
                    return refresher?.pending ?? []
                }
                guard !due.isEmpty else { continue }
                do {
                    let now = now()
                    let known = services.withLockedValue { $0 }
                    // Another post may have read some since they were left here.
                    _ = try await read(due.filter { Self.isOlder(known[$0], than: Self.listLifetime, now: now) }, known: known, now: now)
                } catch {
                    if Task.isCancelled { break }
                    // Left stale: the next post asks again, and past `staleLimit` reads it itself.
                    logger.warning("subscribers' filters could not be read now", metadata: ["error": "\(error)"])
                }
            }
        } onCancel: {
            wake.finish()
        }
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
