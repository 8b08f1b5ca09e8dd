import Foundation
import HeraldCore
import HeraldMocks
import Testing

@testable import HeraldDelivery

/// Severity decides how a phone alerts: the documented table (README,
/// docs/urgency.md), row by row, as each provider's request carries it.
@Suite("Urgency from severity")
struct UrgencyTests {
    /// A delivery as the worker hands it to a provider: its urgency
    /// decided from `table`.
    static func delivery(_ severity: Severity?, id: Int64 = 7, table: UrgencyTable = .standard) -> ClaimedDelivery {
        var delivery = PolicyTests.delivery()
        delivery.notification = NotificationRecord(
            id: id, serviceID: UUID(uuidString: "6F1E8C52-6B4B-4C3B-9E45-2D7C4A6C1B11")!, timestamp: Date(),
            draft: NotificationDraft(title: "Title", subtitle: "Sub", url: "https://x", severity: severity)
        )
        delivery.urgency = table.urgency(for: severity)
        return delivery
    }

    /// What one request said, read back from its bytes.
    struct Said: Equatable, CustomStringConvertible {
        var apnsPriority: String?
        var interruptionLevel: String?
        var criticalSound: Bool
        var androidPriority: String?
        var dataUrgency: String?
        var channel: String?
        var webPush: String
        var description: String {
            "apns \(apnsPriority ?? "-")/\(interruptionLevel ?? "-")\(criticalSound ? "+sound" : ""), fcm \(androidPriority ?? "-")/\(dataUrgency ?? "-")/\(channel ?? "-"), webpush \(webPush)"
        }
    }

    static func said(_ severity: Severity?, urgency: UrgencySettings = UrgencySettings()) throws -> Said {
        let delivery = delivery(severity, table: urgency.table)
        let apns = APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 0, now: Date(), criticalAlerts: urgency.criticalAlerts)
        let aps = try #require((try JSONSerialization.jsonObject(with: apns.payload) as? [String: Any])?["aps"] as? [String: Any])
        #expect(MockAPNs.apsProblems(aps) == [], "\(severity.map(\.rawValue) ?? "none")")
        let fcm = FCMRequest(delivery: delivery, projectID: "p", alerting: FCMAlerting.Settings(criticalAlerts: urgency.criticalAlerts))
        #expect(MockFCM.invalidArgument(fcm.body) == nil)
        let message = try #require((try JSONSerialization.jsonObject(with: fcm.body) as? [String: Any])?["message"] as? [String: Any])
        let data = message["data"] as? [String: String]
        return Said(
            apnsPriority: Dictionary(uniqueKeysWithValues: apns.headers)["apns-priority"], interruptionLevel: aps["interruption-level"] as? String,
            criticalSound: aps["sound"] is [String: Any], androidPriority: (message["android"] as? [String: Any])?["priority"] as? String,
            dataUrgency: data?["urgency"], channel: data?["channel_id"],
            webPush: WebPushClient.urgencyHeader(delivery.urgency)
        )
    }

    @Test func eachSeverityAlertsAsTheDocumentedTableSays() throws {
        // A notification without a severity is pushed as before severities
        // counted: no new fields but the thread, priority 10, high, normal.
        #expect(try Self.said(nil) == Said(apnsPriority: "10", interruptionLevel: nil, criticalSound: false, androidPriority: "high", dataUrgency: nil, channel: nil, webPush: "normal"))
        for severity in [Severity.ok, .info, .low, .none] {
            #expect(try Self.said(severity) == Said(
                apnsPriority: "5", interruptionLevel: "passive", criticalSound: false, androidPriority: "normal", dataUrgency: "passive",
                channel: "herald_passive", webPush: "low"
            ), "\(severity)")
        }
        for severity in [Severity.warning, .minor] {
            #expect(try Self.said(severity) == Said(
                apnsPriority: "10", interruptionLevel: "active", criticalSound: false, androidPriority: "high", dataUrgency: "active",
                channel: "herald_active", webPush: "normal"
            ), "\(severity)")
        }
        for severity in [Severity.major, .error, .high, .invalid, .undefined] {
            #expect(try Self.said(severity) == Said(
                apnsPriority: "10", interruptionLevel: "time-sensitive", criticalSound: false, androidPriority: "high", dataUrgency: "time-sensitive",
                channel: "herald_time_sensitive", webPush: "high"
            ), "\(severity)")
        }
        // Critical: time-sensitive on iOS unless the app holds Apple's
        // entitlement; Android and browsers get their critical channel and
        // treatment either way.
        #expect(try Self.said(.critical) == Said(
            apnsPriority: "10", interruptionLevel: "time-sensitive", criticalSound: false, androidPriority: "high", dataUrgency: "critical",
            channel: "herald_critical", webPush: "high"
        ))
        #expect(try Self.said(.critical, urgency: UrgencySettings(criticalAlerts: true)) == Said(
            apnsPriority: "10", interruptionLevel: "critical", criticalSound: true, androidPriority: "high", dataUrgency: "critical",
            channel: "herald_critical", webPush: "high"
        ))
        #expect(Severity.allCases.allSatisfy { UrgencyTable.standard.levels[$0] != nil }, "every severity has a row")
    }

    /// The shipped ESS apps read these keys; a severity only adds to them.
    @Test func theShippedAppsKeysAreUnchanged() throws {
        for severity in [nil, Severity.info, .critical] {
            let delivery = Self.delivery(severity)
            let apns = try #require(try JSONSerialization.jsonObject(with: APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 0, now: Date()).payload) as? [String: Any])
            let aps = try #require(apns["aps"] as? [String: Any])
            #expect((aps["alert"] as? [String: String]) == ["title": "Title", "subtitle": "Sub"] && aps["badge"] as? Int == 3)
            #expect(aps["sound"] as? String == "default")
            #expect(aps["thread-id"] as? String == "6f1e8c52-6b4b-4c3b-9e45-2d7c4a6c1b11", "one stack per service")
            let message = try #require((try JSONSerialization.jsonObject(with: FCMRequest(delivery: delivery, projectID: "p").body) as? [String: Any])?["message"] as? [String: Any])
            let data = try #require(message["data"] as? [String: String])
            #expect(data["title"] == "Title" && data["body"] == "Sub" && data["url"] == "https://x")
            #expect(message["notification"] == nil && (message["android"] as? [String: Any])?["notification"] == nil && message["apns"] == nil, "still a data message")
        }
        let plain = try #require(try JSONSerialization.jsonObject(with: APNSRequest(delivery: Self.delivery(nil), topic: "t", expirationSeconds: 0, now: Date()).payload) as? [String: Any])
        #expect(Set((plain["aps"] as? [String: Any] ?? [:]).keys) == ["alert", "badge", "sound", "thread-id"])
    }

    /// A site whose app shows notification messages gets Android's own
    /// notification on the urgency's channel, and the APNs fields for iOS
    /// devices reached through FCM.
    @Test func notificationMessagesCarryTheChannelAndTheAPNsFields() throws {
        let settings = FCMAlerting.Settings(criticalAlerts: true, channels: try DeliverySettings.channels("critical=alarms"), notificationMessages: true)
        let critical = FCMRequest(delivery: Self.delivery(.critical), projectID: "p", alerting: settings)
        #expect(MockFCM.invalidArgument(critical.body) == nil)
        let message = try #require((try JSONSerialization.jsonObject(with: critical.body) as? [String: Any])?["message"] as? [String: Any])
        let notification = try #require((message["android"] as? [String: Any])?["notification"] as? [String: String])
        #expect(notification == [
            "title": "Title", "body": "Sub", "channel_id": "alarms", "notification_priority": "PRIORITY_MAX", "visibility": "PUBLIC", "tag": "herald-7",
        ])
        let apns = try #require(message["apns"] as? [String: Any])
        #expect((apns["headers"] as? [String: String]) == ["apns-priority": "10", "apns-collapse-id": "herald-7"])
        let aps = try #require((apns["payload"] as? [String: Any])?["aps"] as? [String: Any])
        #expect(aps["interruption-level"] as? String == "critical" && aps["sound"] is [String: Any] && MockAPNs.apsProblems(aps) == [])

        let quiet = FCMRequest(delivery: Self.delivery(.info), projectID: "p", alerting: settings)
        let quietMessage = try #require((try JSONSerialization.jsonObject(with: quiet.body) as? [String: Any])?["message"] as? [String: Any])
        let quietAndroid = try #require(quietMessage["android"] as? [String: Any])
        #expect(quietAndroid["priority"] as? String == "normal")
        #expect((quietAndroid["notification"] as? [String: String])?["channel_id"] == "herald_passive")
        #expect((quietAndroid["notification"] as? [String: String])?["visibility"] == "PRIVATE")
        #expect(((quietMessage["apns"] as? [String: Any])?["headers"] as? [String: String])?["apns-priority"] == "5")
        // Batches (token templates) give the same bytes as one at a time.
        let deliveries = [Self.delivery(.critical), Self.delivery(.info, id: 8), Self.delivery(nil, id: 9)]
        #expect(FCMRequest.batch(deliveries, projectID: "p", alerting: settings) == deliveries.map { FCMRequest(delivery: $0, projectID: "p", alerting: settings) })
        // One notification at two urgencies (a person's quiet hours, later) is encoded twice.
        var louder = Self.delivery(.info, id: 8)
        louder.urgency = .critical
        let mixed = deliveries + [louder]
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(APNSRequest.batch(mixed, topic: "t", expirationSeconds: 0, now: epoch, criticalAlerts: true)
            == mixed.map { APNSRequest(delivery: $0, topic: "t", expirationSeconds: 0, now: epoch, criticalAlerts: true) })
        #expect(FCMRequest.batch(mixed, projectID: "p", alerting: settings) == mixed.map { FCMRequest(delivery: $0, projectID: "p", alerting: settings) })
        #expect(FCMRequest.batch(mixed, projectID: "p", alerting: settings)[1] != FCMRequest.batch(mixed, projectID: "p", alerting: settings)[3])
    }

    /// A service's own levels change the site's table for its pushes only;
    /// what they do not name follows the site, and they read back as stored.
    @Test func aServiceChangesTheLevelsItDisagreesWith() throws {
        let own = ServiceAlerting(urgency: [.info: .active, .critical: .timeSensitive])
        let table = UrgencyTable.standard.overridden(by: own)
        #expect(table.urgency(for: .info) == .active && table.urgency(for: .critical) == .timeSensitive && table.urgency(for: .ok) == .passive)
        #expect(UrgencyTable.standard.overridden(by: nil) == .standard && UrgencyTable.standard.overridden(by: ServiceAlerting()) == .standard)
        #expect(ServiceAlerting(json: own.json) == own)
        #expect(own.json == #"{"urgency":{"critical":"time-sensitive","info":"active"}}"#)
        #expect(ServiceAlerting(json: #"{"urgency":{"info":"deafening","p1":"active","ok":"active"}}"#) == ServiceAlerting(urgency: [.ok: .active]))
        #expect(ServiceAlerting(json: "not json").isEmpty)
        let resolutions = ServiceAlerting(resolutions: .alert)
        #expect(!resolutions.isEmpty && resolutions.json == #"{"resolutions":"alert","urgency":{}}"# && ServiceAlerting(json: resolutions.json) == resolutions)
        #expect(ServiceAlerting(json: #"{"resolutions":"loudly"}"#).resolutions == .quiet, "a later version's word is left out")
    }

    /// A resolved alarm arrives quietly whatever its severity, unless its
    /// service says resolutions alert; a firing one follows the table.
    @Test func aResolvedAlarmIsPassiveUnlessItsServiceSaysOtherwise() {
        func record(_ severity: Severity?, _ alarm: AlarmStatus?) -> NotificationRecord {
            NotificationRecord(id: 1, serviceID: UUID(), timestamp: Date(), draft: NotificationDraft(title: "t", severity: severity, alarm: alarm))
        }
        let site = UrgencyTable.standard
        #expect(UrgencyDecider.urgency(of: record(.critical, .resolved), site: site, service: nil) == .passive)
        #expect(UrgencyDecider.urgency(of: record(nil, .resolved), site: site, service: nil) == .passive)
        #expect(UrgencyDecider.urgency(of: record(.critical, .firing), site: site, service: nil) == .critical)
        #expect(UrgencyDecider.urgency(of: record(.critical, .resolved), site: site, service: ServiceAlerting(resolutions: .alert)) == .critical)
        #expect(UrgencyDecider.urgency(of: record(.info, nil), site: site, service: ServiceAlerting(urgency: [.info: .active])) == .active)
        // Said to the providers even without a severity: the old payload only for what alerts as ever.
        #expect(APNSAlerting(severity: nil, urgency: .passive, criticalAlerts: false).interruptionLevel == "passive")
        #expect(APNSAlerting(severity: nil, urgency: .active, criticalAlerts: false).interruptionLevel == nil)
        #expect(FCMAlerting(severity: nil, urgency: .passive, settings: .init()).urgency == .passive)
    }

    @Test func aSiteChangesTheLevelsItDisagreesWith() throws {
        let table = try UrgencyTable.standard.overridden(by: " info = active, CRIT=time-sensitive,, warn=passive ")
        #expect(table.urgency(for: .info) == .active && table.urgency(for: .critical) == .timeSensitive && table.urgency(for: .warning) == .passive)
        #expect(table.urgency(for: .ok) == .passive && table.urgency(for: nil) == .active, "the rest as documented; none given stays active")
        #expect(try UrgencyTable.standard.overridden(by: table.description) == table, "the description reads back")
        for (bad, message) in [
            ("info", "'info' is not severity=urgency"), ("p1=active", "'p1' is not a severity"), ("info=loud", "'loud' is not an urgency"),
        ] {
            #expect(throws: UrgencyTableError.self) { try UrgencyTable.standard.overridden(by: bad) }
            do { _ = try UrgencyTable.standard.overridden(by: bad) } catch { #expect(error.description.hasPrefix(message), "\(error)") }
        }
    }

    @Test func theSettingsAreReadFromTheEnvironmentAndRefusedWhenWrong() throws {
        func settings(_ variables: [String: String]) throws -> DeliverySettings {
            try HeraldConfig(environment: variables.merging(["SECRET_KEY": String(repeating: "k", count: 32)]) { $1 }).delivery
        }
        #expect(try settings([:]).urgency == UrgencySettings())
        let changed = try settings(["SEVERITY_URGENCY": "major=critical", "APNS_CRITICAL_ALERTS": "true"])
        #expect(changed.urgency.criticalAlerts && changed.urgency.table.urgency(for: .major) == .critical)
        #expect(throws: ConfigurationError.self) { try settings(["SEVERITY_URGENCY": "major=loud"]) }
        #expect(throws: ConfigurationError.self) { try settings(["APNS_CRITICAL_ALERTS": "maybe"]) }
        #expect(try DeliverySettings.channels(nil) == DeliverySettings.FCM.defaultChannels)
        #expect(try DeliverySettings.channels("critical=alarms, passive = quiet")[.passive] == "quiet")
        #expect(throws: ConfigurationError.self) { try DeliverySettings.channels("urgent=alarms") }
        #expect(throws: ConfigurationError.self) { try DeliverySettings.channels("critical=") }
    }
}
