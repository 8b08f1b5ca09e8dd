import Foundation
import HeraldCore

/// How a notification's urgency is said to APNs: the `aps` fields and the
/// `apns-priority` header (Apple's "Generating a remote notification" and
/// "Sending notification requests to APNs").
struct APNSAlerting: Sendable, Equatable {
    /// `aps.interruption-level`; nil for a notification without a severity
    /// that alerts as ever (active), whose payload stays the old server's
    /// (the device takes `active`). A quiet resolution says passive.
    var interruptionLevel: String?
    /// 10 delivers at once; 5 lets the device wait until it is awake anyway,
    /// for what must not wake anyone.
    var priority: Int
    /// `aps.relevance-score`: orders a stack of notifications in the summary.
    var relevanceScore: Double?
    /// A critical sound (`{"critical": 1, "name": "default", "volume": 1}`)
    /// instead of `"default"`: only for critical alerts, which only apps
    /// holding Apple's entitlement may play.
    var criticalSound: Bool

    /// `criticalAlerts`: the app holds Apple's critical-alert entitlement;
    /// without it a critical push goes as time-sensitive.
    init(severity: Severity?, urgency: Urgency, criticalAlerts: Bool) {
        let level: Urgency = urgency == .critical && !criticalAlerts ? .timeSensitive : urgency
        priority = level == .passive ? 5 : 10
        criticalSound = level == .critical
        guard severity != nil || urgency != .active else {
            interruptionLevel = nil
            relevanceScore = nil
            return
        }
        interruptionLevel = level.rawValue
        relevanceScore = Self.relevance[level]
    }

    /// The `aps` dictionary saying this urgency, for a direct APNs push and
    /// for the `apns` block of an FCM message alike.
    func aps(title: String, subtitle: String, badge: Int?, serviceID: UUID) -> APNSPayload.APS {
        APNSPayload.APS(
            alert: .init(title: title, subtitle: subtitle), badge: badge, sound: criticalSound ? .critical : .standard,
            threadID: serviceID.uuidString.lowercased(), interruptionLevel: interruptionLevel, relevanceScore: relevanceScore
        )
    }

    static let relevance: [Urgency: Double] = [.passive: 0.25, .active: 0.5, .timeSensitive: 0.75, .critical: 1]
}
