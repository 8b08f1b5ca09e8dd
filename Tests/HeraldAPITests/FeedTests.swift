import AsyncHTTPClient
import Foundation
import HeraldBridges
import HeraldCore
import HeraldOutbound
import HeraldPublishing
import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Prometheus
import Testing

/// Feeds: a USGS-shaped GeoJSON summary served by the test, polled by two
/// replicas at once and again after a restart; each earthquake above the
/// threshold becomes one notification.
@Suite("Feeds")
struct FeedTests {
    /// The test's feeds are on loopback: the site allows it, as one whose
    /// feeds live inside would (OUTBOUND_ALLOW_PRIVATE=127.0.0.1/32).
    static let loopback = OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!])
    static let allowLoopback: @Sendable (inout HeraldConfig) -> Void = { $0.outbound.policy = loopback }
    /// Shared by the tests (never shut down: a process-long client).
    static let http = OutboundHTTP(policy: loopback)

    /// The test's earthquake feed: GeoJSON with an ETag, 304 when unchanged.
    final class QuakeFeed: Sendable {
        struct Quake: Sendable { var id: String; var mag: Double; var place: String }
        let quakes = NIOLockedValueBox<[Quake]>([])
        let garbage = NIOLockedValueBox(false)
        let notModified = NIOLockedValueBox(0)

        var body: String {
            let features = quakes.withLockedValue { $0 }.map { quake in
                """
                {"type":"Feature","id":"\(quake.id)","geometry":{"type":"Point","coordinates":[-122.8,38.8,2.1]},
                 "properties":{"mag":\(quake.mag),"place":"\(quake.place)","time":1795996800000,"url":"https://earthquake.usgs.gov/earthquakes/eventpage/\(quake.id)",
                 "title":"M \(quake.mag) - \(quake.place)","tsunami":0,"type":"earthquake"}}
                """
            }
            return #"{"type":"FeatureCollection","metadata":{"title":"USGS All Earthquakes, Past Hour"},"features":["# + features.joined(separator: ",") + "]}"
        }

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.get("quakes.geojson") { request, _ -> Response in
                if self.garbage.withLockedValue({ $0 }) { return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>oops"))) }
                let body = self.body
                let etag = "\"\(body.hashValue)\""
                if request.headers[.ifNoneMatch] == etag {
                    self.notModified.withLockedValue { $0 += 1 }
                    return Response(status: .notModified, headers: [.eTag: etag])
                }
                return Response(status: .ok, headers: [.eTag: etag, .contentType: "application/geo+json"], body: .init(byteBuffer: ByteBuffer(string: body)))
            }
            return router
        }
    }

    @Test(arguments: Backend.allCases)
    func eachEarthquakeAboveTheThresholdIsPublishedOnceAcrossReplicasAndRestarts(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: Self.allowLoopback) { app in
            let feed = QuakeFeed()
            let (port, stop) = try await LiveServer.start(router: feed.router())
            defer { Task { try? await stop() } }
            let service = try await app.createService(category: "Earthquakes")
            let (_, admin) = try await app.user("root", admin: true)
            let created = try await app.request(
                .post, "/api/v2/services/\(service.id.uuidString)/feeds", token: admin,
                json: ["url": "http://127.0.0.1:\(port)/quakes.geojson", "interval_seconds": 60, "filter": "mag>=4.5", "lifetime_seconds": 86_400]
            )
            #expect(created.status == .created)
            #expect(try created.json(["filter"]) as? String == "mag >= 4.5")

            // The clock moves past each poll's interval by hand: no waiting.
            let offset = NIOLockedValueBox<TimeInterval>(0)
            let clock = WallClock { Date().addingTimeInterval(offset.withLockedValue { $0 }) }
            // On PostgreSQL the second replica has a store of its own (its
            // own connections), as a second process would; a SQLite file
            // is one process's, so there both share it.
            try await Self.withReplicaStore(backend, app) { second in
                func replica(_ store: any HeraldStore) -> FeedService {
                    FeedService(store: store, publisher: Publisher.forTests(store), http: Self.http, clock: clock, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger)
                }
                func pollBoth(_ first: FeedService, _ second: FeedService) async throws {
                    async let one: Void = first.pollDue()
                    async let two: Void = second.pollDue()
                    _ = try await (one, two)
                    offset.withLockedValue { $0 += 61 }
                }
                func titles() async throws -> [String] { try await app.store.notifications(serviceID: service.id).map(\.title).sorted() }

                feed.quakes.withLockedValue { $0 = [.init(id: "nc1", mag: 5.1, place: "Geysers"), .init(id: "nc2", mag: 3.0, place: "Napa"), .init(id: "nc3", mag: 4.6, place: "Ridgecrest")] }
                try await pollBoth(replica(app.store), replica(second))
                #expect(try await titles() == ["M 4.6 - Ridgecrest", "M 5.1 - Geysers"])

                // A restart: new replicas, one more earthquake above, one below.
                feed.quakes.withLockedValue { $0 += [.init(id: "nc4", mag: 6.0, place: "Parkfield"), .init(id: "nc5", mag: 2.2, place: "Cobb")] }
                let (a, b) = (replica(app.store), replica(second))
                try await pollBoth(a, b)
                #expect(try await titles() == ["M 4.6 - Ridgecrest", "M 5.1 - Geysers", "M 6.0 - Parkfield"])
                // Nothing new: the feed answers 304, nothing is published again.
                try await pollBoth(a, b)
                #expect(feed.notModified.withLockedValue { $0 } >= 1)
                #expect(try await titles().count == 3)

                let published = try await app.store.notifications(serviceID: service.id)
                let geysers = try #require(published.first { $0.title == "M 5.1 - Geysers" })
                #expect(geysers.url == "https://earthquake.usgs.gov/earthquakes/eventpage/nc1" && geysers.subtitle == "Geysers")
                #expect(geysers.attributes?["mag"] == .number(5.1) && geysers.attributes?["latitude"] == .number(38.8))
                #expect(geysers.attributes?["time"] == .string("2026-11-30T00:00:00Z"), "USGS milliseconds read as a date-time")
                #expect(geysers.expiresAt == Date(timeIntervalSince1970: 1_795_996_800 + 86_400), "a day after the earthquake")

                let listed = try #require(try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/feeds", token: admin).json() as? [[String: Any]])
                let first = try #require(listed.first)
                #expect(first["published_count"] as? Int == 3)
                #expect(first["last_error"] == nil || first["last_error"] is NSNull, "no error after good polls")
                #expect(listed.first?["failures"] as? Int == 0)

                // Garbage: recorded, backed off, nothing published, nothing broken.
                feed.garbage.withLockedValue { $0 = true }
                try await pollBoth(a, b)
                let broken = try #require(try await app.store.feeds(serviceID: service.id).first)
                #expect(broken.failures == 1 && broken.lastError?.contains("unreadable") == true)
                #expect(broken.nextPollAt.timeIntervalSince(try #require(broken.lastPolledAt)) >= 120, "backed off")
                #expect(try await titles().count == 3)
            }
        }
    }

    /// A second store on the app's PostgreSQL database for `body` (the app's
    /// own on the other backends).
    static func withReplicaStore(_ backend: Backend, _ app: TestApp, _ body: @Sendable (any HeraldStore) async throws -> Void) async throws {
        guard backend == .postgres else { return try await body(app.store) }
        try await StoreFactory.withStore(app.config.database, logger: TestDatabase.logger, body)
    }

    @Test func aFeedTooLargeOrWrongIsAnErrorAndBadSettingsAreA422() async throws {
        try await TestApp.run(.sqlite, configure: Self.allowLoopback) { app in
            let feed = QuakeFeed()
            feed.quakes.withLockedValue { $0 = (0..<50).map { .init(id: "x\($0)", mag: 5, place: String(repeating: "p", count: 100)) } }
            let (port, stop) = try await LiveServer.start(router: feed.router())
            defer { Task { try? await stop() } }
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let path = "/api/v2/services/\(service.id.uuidString)/feeds"
            for (body, field) in [
                (["url": "file:///etc/passwd"], "url"), (["url": "http://x/f", "interval_seconds": 1] as [String: Any], "interval_seconds"),
                (["url": "http://x/f", "filter": "mag >="], "filter"), (["url": "http://x/f", "title_template": "{{#a}}"], "title_template"),
            ] as [([String: Any], String)] {
                let response = try await app.request(.post, path, token: admin, json: body)
                #expect(response.status == .unprocessableContent, "\(field)")
                #expect((try response.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", field])
            }
            #expect(try await app.request(.post, path, json: ["url": "http://x/f"]).status == .unauthorized)
            _ = try await app.request(.post, path, token: admin, json: ["url": "http://127.0.0.1:\(port)/quakes.geojson"])
            var poller = FeedService(store: app.store, publisher: Publisher.forTests(app.store), http: Self.http, clock: .system, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger)
            poller.maxBytes = 4_096
            try await poller.pollDue()
            let record = try #require(try await app.store.feeds(serviceID: service.id).first)
            #expect(record.lastError == "the feed is larger than 4096 bytes" && record.publishedCount == 0)
        }
    }

    /// Issue 23: feeds are URLs an admin types, so the outbound policy
    /// holds: an address inside is refused at creation (422) and, when a
    /// name resolves inside or a redirect points there, at each poll (the
    /// feed's error says so; nothing is fetched).
    @Test func feedsInsideTheNetworkAreRefused() async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let path = "/api/v2/services/\(service.id.uuidString)/feeds"
            for url in ["http://127.0.0.1:8000/f", "http://169.254.169.254/latest/meta-data/", "https://[::1]/f", "http://localhost/f", "http://10.0.0.7/f"] {
                let response = try await app.request(.post, path, token: admin, json: ["url": url])
                #expect(response.status == .unprocessableContent, "\(url)")
                #expect(response.text.contains("does not ask"), "\(url): \(response.text)")
            }
            // A public name that does not resolve is taken (it may, later); a
            // redirect from an allowed feed to a refused address is not followed.
            let hits = NIOLockedValueBox(0)
            let router = Router()
            router.get("moved") { _, _ in
                hits.withLockedValue { $0 += 1 }
                return Response(status: .movedPermanently, headers: [.location: "http://169.254.169.254/latest/meta-data/"])
            }
            let (port, stop) = try await LiveServer.start(router: router)
            _ = try await app.store.createFeed(FeedDraft(url: "http://127.0.0.1:\(port)/moved", intervalSeconds: 60), serviceID: service.id, at: Date())
            let poller = FeedService(store: app.store, publisher: Publisher.forTests(app.store), http: Self.http, clock: .system, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger)
            try await poller.pollDue()
            let record = try #require(try await app.store.feeds(serviceID: service.id).first)
            #expect(hits.withLockedValue { $0 } == 1)
            #expect(record.lastError?.contains("link-local") == true, "\(record.lastError ?? "no error")")
            try await stop()
        }
    }

    /// One rule and one audit line for a feed, whichever way in: the JSON
    /// API and the admin page both refuse an inside address with a 422 that
    /// names the URL, and both log "feed added" with the admin's name.
    @Test func theAPIAndThePageAddFeedsUnderTheSameRules() async throws {
        let logs = CapturedLogs()
        try await TestApp.run(.sqlite, logger: logs.logger) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let web = WebSession(app)
            #expect(try await web.signIn("root").status == .seeOther)
            let api = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/feeds", token: admin, json: ["url": "http://10.0.0.7/f"])
            #expect(api.status == .unprocessableContent && api.text.contains("does not ask"), "\(api.text)")
            let page = try await web.post("/admin/services/\(service.id.uuidString.lowercased())/feeds", [("url", "http://10.0.0.7/f"), ("interval", "60")])
            #expect(page.status == .unprocessableContent && page.text.contains("does not ask"), "\(page.status)")
            #expect(try await app.store.feeds(serviceID: service.id).isEmpty)
            #expect(try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/feeds", token: admin, json: ["url": "https://feeds.example/a"]).status == .created)
            #expect(try await web.post("/admin/services/\(service.id.uuidString.lowercased())/feeds", [("url", "https://feeds.example/b"), ("interval", "60")]).status == .seeOther)
            #expect(try await app.store.feeds(serviceID: service.id).map(\.draft.url).sorted() == ["https://feeds.example/a", "https://feeds.example/b"])
            let added = logs.all.filter { $0.contains("feed added") }
            #expect(added.count == 2 && added.allSatisfy { $0.contains("by=root") }, "\(added)")
        }
    }

    @Test func rssAndAtomEntriesAreRead() throws {
        let rss = Data("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Volcanoes</title>
            <item><title>Etna &amp; Stromboli</title><link>https://example.org/1</link><guid>v-1</guid><description><![CDATA[Ash <b>plume</b>]]></description></item>
            <item><title>No id</title><link>https://example.org/2</link></item></channel></rss>
            """.utf8)
        let items = try FeedParser.entries(rss)
        #expect(items.map(\.id) == ["v-1", "https://example.org/2"])
        #expect(items.first?.context["title"] as? String == "Etna & Stromboli" && items.first?.context["description"] as? String == "Ash <b>plume</b>")
        let atom = Data("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>News</title>
            <entry><id>tag:x,2026:1</id><title>Eruption</title><link href="https://example.org/e"/><summary>Lava</summary></entry></feed>
            """.utf8)
        let entries = try FeedParser.entries(atom)
        #expect(entries.first?.id == "tag:x,2026:1" && entries.first?.context["link"] as? String == "https://example.org/e")
        for garbage in ["", "plain text", "<html><body>not a feed</body></html>", #"{"type":"Feature"}"#, "{", "<notrss/>"] {
            #expect(throws: FeedParser.Unreadable.self, "\(garbage)") { try FeedParser.entries(Data(garbage.utf8)) }
        }
    }
}
