import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import HeraldPublishing
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Prometheus
import ServiceLifecycle

/// Polls the feeds attached to services and publishes their new entries.
/// Any replica may run one: a feed is polled by whoever claims it (a lease),
/// and each entry is published under the key `feed:<feed>:<entry>`, so an
/// entry is published once across replicas and restarts (a changed entry
/// updates its notification). Polls are conditional (ETag,
/// If-Modified-Since); a body past `maxBytes` or a poll past `timeout` is an
/// error, and errors back off (the interval doubled per failure in a row,
/// up to an hour) without touching the other feeds.
public struct FeedService: Service {
    let store: any FeedStore
    let publisher: Publisher
    let http: OutboundHTTP
    let clock: WallClock
    let logger: Logger
    let metrics: FeedMetrics
    public var maxBytes = 5 * 1024 * 1024
    public var timeout: TimeAmount = .seconds(15)
    /// Feeds move (http to https, a new path): a few redirects are
    /// followed, each checked by the outbound policy as the first URL was.
    static let maxRedirects = 5
    /// How often to look for due feeds.
    public var tick: Duration = .seconds(1)

    public init(store: any FeedStore, publisher: Publisher, http: OutboundHTTP, clock: WallClock, registry: PrometheusCollectorRegistry, logger: Logger) {
        self.store = store
        self.publisher = publisher
        self.http = http
        self.clock = clock
        self.logger = logger
        self.metrics = FeedMetrics(registry: registry)
    }

    public func run() async throws {
        while !Task.isCancelled {
            do {
                try await pollDue()
            } catch {
                // Cancelled (another service failed): no warning, the loop ends.
                if Task.isCancelled { return }
                logger.warning("feeds could not be polled now; trying again", metadata: ["error": "\(error)"])
            }
            let pause = tick
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                return
            }
        }
    }

    /// Polls every due feed once.
    public func pollDue() async throws {
        let now = clock.now()
        let due = try await store.claimDueFeeds(now: now, leaseUntil: now.addingTimeInterval(300), limit: 20)
        for feed in due {
            let result = await poll(feed)
            let finished = clock.now()
            let interval = Double(feed.draft.intervalSeconds)
            let wait = result.error == nil ? interval : min(max(interval, 3600), interval * pow(2, Double(min(feed.failures + 1, 16))))
            try await store.recordPoll(feedID: feed.id, result, at: finished, nextPollAt: finished.addingTimeInterval(wait))
        }
    }

    /// One poll: fetch, read, publish what is new. Never throws: a failure is the result's error.
    func poll(_ feed: FeedRecord) async -> FeedPollResult {
        do {
            var request = HTTPClientRequest(url: feed.draft.url)
            request.headers.add(name: "User-Agent", value: "Herald feed poller")
            if let etag = feed.etag { request.headers.add(name: "If-None-Match", value: etag) }
            if let lastModified = feed.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
            let response = try await http.execute(request, timeout: timeout, redirects: Self.maxRedirects)
            let etag = response.headers.first(name: "etag")
            let lastModified = response.headers.first(name: "last-modified")
            if response.status == .notModified {
                metrics.polled(.unchanged)
                return FeedPollResult(etag: etag, lastModified: lastModified, error: nil, published: 0)
            }
            guard response.status == .ok else { throw FeedError("the feed answered \(response.status.code)") }
            let body: ByteBuffer
            do { body = try await response.body.collect(upTo: maxBytes) } catch { throw FeedError("the feed is larger than \(maxBytes) bytes") }
            let entries = try FeedParser.entries(Data(buffer: body))
            let published = try await publish(entries, of: feed)
            metrics.polled(.ok)
            metrics.published(published)
            return FeedPollResult(etag: etag, lastModified: lastModified, error: nil, published: published)
        } catch {
            metrics.polled(.failed)
            let reason = (error as? FeedError)?.reason ?? (error as? FeedParser.Unreadable).map { "unreadable: \($0)" } ?? "\(error)"
            logger.notice("feed poll failed", metadata: ["feed": "\(feed.id)", "url": "\(feed.draft.url)", "error": "\(reason)"])
            return FeedPollResult(etag: nil, lastModified: nil, error: String(reason.prefix(500)), published: 0)
        }
    }

    /// Publishes the entries that pass the feed's filter; returns how many
    /// made a new notification (repeats and updates are not counted).
    func publish(_ entries: [FeedEntry], of feed: FeedRecord) async throws -> Int {
        let renderer = try TemplateRenderer(feed.draft.templates)
        let filter = try feed.draft.filter.map { text throws -> FilterExpression in
            do { return try FilterParser.parse(text) } catch { throw FeedError("its filter does not read: \(error)") }
        }
        let now = clock.now()
        var published = 0
        for entry in entries {
            var draft = renderer.render(entry.context)
            draft.attributes = entry.attributes(named: feed.draft.attributeNames)
            if let filter, !filter.matches(FilterSubject(draft, postedAt: now), now: now) { continue }
            draft.key = NotificationRules.storableIdentity("feed:\(feed.id):\(entry.id)")
            // From the entry's own time, so each poll computes the same expiry
            // (a re-post is then no change); an entry past it is not published.
            draft.expiresAt = feed.draft.lifetimeSeconds.flatMap { lifetime in entry.time.map { $0.addingTimeInterval(Double(lifetime)) } }
            // A feed cannot be told no: what breaks the rules is fitted, as for alerts.
            let fitted = NotificationRules.fitted(draft).draft
            do {
                let (_, outcome) = try await publisher.post(fitted, to: feed.serviceID, from: .feed)
                if outcome == .created { published += 1 }
            } catch PublishError.rejected(let issues) {
                logger.notice("feed entry skipped", metadata: ["feed": "\(feed.id)", "entry": "\(entry.id)", "why": "\(issues.map(\.description))"])
            }
        }
        return published
    }
}

struct FeedError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// `herald_feed_polls_total{result}` and `herald_feed_entries_published_total`.
struct FeedMetrics: Sendable {
    enum PollResult: String { case ok, unchanged, failed }
    let polls: [PollResult: Counter]
    let entries: Counter

    init(registry: PrometheusCollectorRegistry) {
        let polled = MetricNameDescriptor(metricName: "herald_feed_polls_total", unitName: "", helpText: "Feed polls by result (ok, unchanged, failed).")
        polls = Dictionary(uniqueKeysWithValues: [PollResult.ok, .unchanged, .failed].map {
            ($0, registry.makeCounter(descriptor: polled, labels: [("result", $0.rawValue)]))
        })
        entries = registry.makeCounter(
            descriptor: .init(metricName: "herald_feed_entries_published_total", unitName: "", helpText: "Feed entries published as notifications.")
        )
    }

    func polled(_ result: PollResult) { polls[result]?.increment() }
    func published(_ count: Int) { if count > 0 { entries.increment(by: Int64(count)) } }
}

extension FeedService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "feeds" }
}
