import Foundation
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Notifications with attributes, a severity, an expiry and a key: stored,
/// returned only when set, and refused clearly when wrong.
@Suite("Structured notifications")
struct StructuredNotificationTests {
    @Test(arguments: Backend.allCases)
    func attributesSeverityAndExpiryAreStoredAndReturnedOnlyWhenSet(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("vera")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            // A whole second: the text sent has no fraction, so what comes
            // back is exactly it (with a fraction, the formatter's rounding
            // and the expectation's disagreed once a second boundary was near).
            let expiry = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))
            let posted = try await app.request(
                .post, "/api/v2/services/\(service.id.uuidString)/notifications",
                json: [
                    "title": "SN 2026abc", "severity": "Warn", "key": "ivo://ztf/2026abc",
                    "attributes": ["class": "supernova", "magnitude": 17.9, "stream": "CRTS", "confirmed": true] as [String: Any],
                    "expires_at": ISO8601DateFormatter().string(from: expiry),
                ]
            )
            #expect(posted.status == .created)
            let body = try #require(try posted.json() as? [String: Any])
            #expect(Set(body.keys) == ["id", "timestamp", "title", "subtitle", "url", "service_id", "severity", "attributes", "expires_at", "key"])
            #expect(body["severity"] as? String == "warning")
            #expect(body["key"] as? String == "ivo://ztf/2026abc")
            #expect(body["expires_at"] as? String == Timestamp.wireString(expiry))
            let attributes = try #require(body["attributes"] as? [String: Any])
            #expect(attributes["class"] as? String == "supernova" && attributes["magnitude"] as? Double == 17.9 && attributes["confirmed"] as? Bool == true)

            _ = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "plain"])
            let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
            #expect(inbox.count == 2)
            let plain = try #require(inbox.first { $0["title"] as? String == "plain" })
            #expect(Set(plain.keys) == ["id", "timestamp", "title", "subtitle", "url", "service_id", "is_read"], "the old shape when nothing is set")
            let structured = try #require(inbox.first { $0["title"] as? String == "SN 2026abc" })
            #expect((structured["attributes"] as? [String: Any])?["stream"] as? String == "CRTS")
        }
    }

    /// Past its expiry a notification leaves inboxes and unread counts,
    /// unless the user starred it; the service's history keeps it.
    @Test(arguments: Backend.allCases)
    func anExpiredNotificationLeavesInboxesButNotBookmarks(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("walt")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let now = Timestamp.now()
            // Straight into the store: the API refuses an expiry in the past.
            let gone = try #require(try await app.store.publish(NotificationDraft(title: "gone", expiresAt: now.addingTimeInterval(-1)), serviceID: service.id, at: now))
            let kept = try #require(try await app.store.publish(NotificationDraft(title: "starred", expiresAt: now.addingTimeInterval(-1)), serviceID: service.id, at: now))
            _ = try await app.store.publish(NotificationDraft(title: "later", expiresAt: now.addingTimeInterval(3600)), serviceID: service.id, at: now)
            try await app.store.updateInbox(userID: user.id, [kept.id: .starred])
            let titles = { (path: String) async throws -> [String] in
                (try await app.request(.get, path, token: token).json() as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }.sorted()
            }
            #expect(try await titles("/api/v2/users/user/notifications") == ["later", "starred"])
            #expect(try await titles("/api/v2/users/user/notifications?limit=10") == ["later", "starred"])
            #expect(try await app.store.unreadCount(userID: user.id) == 2)
            #expect(try await app.store.notifications(serviceID: service.id).map(\.id).contains(gone.id))
        }
    }

    @Test(arguments: Backend.allCases)
    func wrongAttributesExpiriesAndKeysAreA422NamingTheField(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            let cases: [(String, [String], String)] = [
                (#"{"title": "t", "attributes": {"a": {"nested": 1}}}"#, ["body", "attributes", "a"], "model_type"),
                (#"{"title": "t", "attributes": {"a": [1]}}"#, ["body", "attributes", "a"], "model_type"),
                (#"{"title": "t", "attributes": {"a": null}}"#, ["body", "attributes", "a"], "model_type"),
                (#"{"title": "t", "attributes": ["a"]}"#, ["body", "attributes"], "model_type"),
                (#"{"title": "t", "attributes": {"two words": 1}}"#, ["body", "attributes"], "string_pattern_mismatch"),
                (#"{"title": "t", "expires_at": "tomorrow"}"#, ["body", "expires_at"], "datetime_parsing"),
                (#"{"title": "t", "expires_at": "2001-01-01T00:00:00Z"}"#, ["body", "expires_at"], "datetime_future"),
                (#"{"title": "t", "key": ""}"#, ["body", "key"], "string_too_short"),
                (#"{"title": "t", "severity": "apocalyptic"}"#, ["body", "severity"], "enum"),
                // Found by schemathesis in CI: a blank level is not "none" (that is null).
                (#"{"title": "t", "severity": ""}"#, ["body", "severity"], "enum"),
                (#"{"title": "t", "severity": " "}"#, ["body", "severity"], "enum"),
            ]
            for (raw, location, type) in cases {
                let response = try await app.request(.post, path, rawBody: raw)
                #expect(response.status == .unprocessableContent, "\(raw)")
                let issue = (try response.json(["detail"]) as? [[String: Any]])?.first
                #expect(issue?["loc"] as? [String] == location, "\(raw)")
                #expect(issue?["type"] as? String == type, "\(raw)")
            }
            #expect(try await app.store.notifications(serviceID: service.id).isEmpty)
        }
    }
}

/// Personal filters and keyed updates: who is told, and how often.
@Suite("Filters and updates")
struct FilterAndUpdateTests {
    /// The reclassification case: an event first posted as "unknown", then
    /// again with the same key as "comet", reaches each user once, and the
    /// comet watchers only at the update.
    @Test(arguments: Backend.allCases)
    func aReclassifiedEventReachesTheUsersWhoseFilterNowMatchesOnce(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService(category: "Transients")
            var tokens: [String: String] = [:]
            var names: [Int64: String] = [:]
            let filters = ["comets": "class in [comet]", "unknowns": "class = unknown", "bright": "magnitude < 10", "everything": ""]
            for (name, expression) in filters {
                let (user, token) = try await app.user(name)
                tokens[name] = token
                names[user.id] = name
                try await app.store.setSubscriptions(userID: user.id, [service.id: true])
                _ = try await app.store.registerDevice(userID: user.id, token: "fcm-\(name)-" + String(repeating: "a", count: 40), platform: .fcm, at: Date())
                let set = try await app.request(.put, "/api/v2/users/user/services/\(service.id.uuidString)/filters", token: token, json: ["expression": expression])
                #expect(set.status == .ok, "\(name)")
            }
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            let first = try await app.request(
                .post, path, json: ["title": "New transient", "key": "ivo://test/1", "attributes": ["class": "unknown", "magnitude": 18.2] as [String: Any]]
            )
            #expect(first.status == .created)
            let id = try #require(try first.json(["id"]) as? Int)
            let repeated = try await app.request(
                .post, path, json: ["title": "New transient", "key": "ivo://test/1", "attributes": ["class": "unknown", "magnitude": 18.2] as [String: Any]]
            )
            #expect(try repeated.status == .ok && (repeated.json(["id"]) as? Int) == id, "the same content again is a no-op")
            let updated = try await app.request(
                .post, path, json: ["title": "Comet C/2026 X1", "key": "ivo://test/1", "attributes": ["class": "comet", "magnitude": 18.2] as [String: Any]]
            )
            #expect(try updated.status == .ok && (updated.json(["id"]) as? Int) == id, "an update keeps the id")

            // Pushes: one per user, each when their filter first matched.
            let pushed = try await app.store.deliveryReport(notificationID: Int64(id)).compactMap { names[$0.userID] }.sorted()
            #expect(pushed == ["comets", "everything", "unknowns"])

            // Inboxes: the same users, each holding the updated content.
            for (name, expected) in [("comets", true), ("unknowns", true), ("everything", true), ("bright", false)] {
                let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: tokens[name]!).json() as? [[String: Any]])
                #expect(inbox.count == (expected ? 1 : 0), "\(name)")
                if expected { #expect(inbox.first?["title"] as? String == "Comet C/2026 X1", "\(name)") }
            }
            #expect(try await app.store.notifications(serviceID: service.id).count == 1)
        }
    }

    /// Alerts (Alertmanager, Grafana, Kafka) pass the same filters: a user
    /// who wants only critical alarms is not woken for a warning.
    @Test(arguments: Backend.allCases)
    func alertsPassTheSubscribersFiltersToo(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService(category: "Alarms")
            let (pager, _) = try await app.user("pager")
            let (everything, _) = try await app.user("everything")
            try await app.store.setSubscriptions(userID: pager.id, [service.id: true])
            try await app.store.setSubscriptions(userID: everything.id, [service.id: true])
            #expect(try await app.store.setFilter(userID: pager.id, serviceID: service.id, SubscriptionFilter(expression: "severity >= critical")))
            let publisher = Publisher.forTests(app.store)
            for (fingerprint, severity) in [("fp-warn", Severity.warning), ("fp-crit", .critical)] {
                let observation = AlertObservation(fingerprint: fingerprint, status: .firing, startsAt: "2026-11-24T00:00:00Z")
                _ = try await publisher.publishAlertChanges([observation], to: service.id, from: .alertmanager) { changed in
                    changed.map { NotificationDraft(title: "\($0.fingerprint) firing", severity: severity) }
                }
            }
            let pagerInbox = try await app.store.inbox(userID: pager.id, limit: 10, order: .ascending).map(\.notification.title)
            let everythingInbox = try await app.store.inbox(userID: everything.id, limit: 10, order: .ascending).map(\.notification.title)
            #expect(pagerInbox == ["fp-crit firing"])
            #expect(everythingInbox == ["fp-warn firing", "fp-crit firing"])
        }
    }

    @Test(arguments: Backend.allCases)
    func filtersAreReadBackInCanonicalFormAndMistakesAreA422WithThePosition(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (_, token) = try await app.user("ida")
            let path = "/api/v2/users/user/services/\(service.id.uuidString)/filters"
            let none = try #require(try await app.request(.get, path, token: token).json() as? [String: Any])
            #expect(none["expression"] is NSNull && (none["include_keywords"] as? [String]) == [])
            let set = try await app.request(
                .put, path, token: token,
                json: ["expression": "class IN [supernova,comet] AND magnitude<=19", "include_keywords": ["Beam", " beam "], "exclude_keywords": ["test"]]
            )
            #expect(set.status == .ok)
            let read = try #require(try await app.request(.get, path, token: token).json() as? [String: Any])
            #expect(read["expression"] as? String == "class in [supernova, comet] and magnitude <= 19")
            #expect(read["include_keywords"] as? [String] == ["Beam"] && read["exclude_keywords"] as? [String] == ["test"])

            let bad = try await app.request(.put, path, token: token, json: ["expression": "class in [supernova, comet", "include_keywords": [""]])
            #expect(bad.status == .unprocessableContent)
            let issues = try #require(try bad.json(["detail"]) as? [[String: Any]])
            #expect(issues.first?["loc"] as? [String] == ["body", "expression"])
            #expect((issues.first?["msg"] as? String)?.hasSuffix("at position 26") == true)
            #expect((issues.last?["loc"] as? [Any])?.count == 3)
            #expect(try await app.request(.get, path, token: token).json(["expression"]) as? String == "class in [supernova, comet] and magnitude <= 19", "unchanged")

            #expect(try await app.request(.delete, path, token: token).status == .noContent)
            #expect(try await app.request(.get, path, token: token).json(["expression"]) is NSNull)
            let unknown = try await app.request(.put, "/api/v2/users/user/services/\(UUID().uuidString)/filters", token: token, json: ["expression": "a = 1"])
            #expect(unknown.status == .notFound)
            #expect(try await app.request(.get, path).status == .unauthorized)
        }
    }
}
