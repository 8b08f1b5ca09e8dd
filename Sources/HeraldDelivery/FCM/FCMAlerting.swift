import HeraldCore

/// How a notification's urgency is said to FCM (HTTP v1's `AndroidConfig`,
/// `AndroidNotification` and `ApnsConfig`).
struct FCMAlerting: Sendable, Equatable {
    /// The site's choices, from `DeliverySettings`.
    struct Settings: Sendable {
        /// For the APNs block: the iOS app holds the critical-alert entitlement.
        var criticalAlerts: Bool
        var channels: [Urgency: String]
        var notificationMessages: Bool

        init(criticalAlerts: Bool = false, channels: [Urgency: String] = DeliverySettings.FCM.defaultChannels, notificationMessages: Bool = false) {
            self.criticalAlerts = criticalAlerts
            self.channels = channels
            self.notificationMessages = notificationMessages
        }
    }

    /// `android.priority`: `normal` lets a dozing phone wait; `high` wakes it.
    var androidPriority: String
    /// The level and channel for the app (`data.urgency`, `data.channel_id`);
    /// nil for a notification without a severity that alerts as ever
    /// (active), whose data stays the old server's.
    var urgency: Urgency?
    var channelID: String
    /// `android.notification.notification_priority` and `visibility`, for
    /// notification messages: a time-sensitive or critical alarm shows its
    /// text on the lock screen, others only that something came.
    var notificationPriority: String
    var visibility: String
    /// The same fields as a direct APNs push, for iOS devices reached
    /// through FCM (notification messages only).
    var apns: APNSAlerting

    init(severity: Severity?, urgency: Urgency, settings: Settings) {
        androidPriority = urgency == .passive ? "normal" : "high"
        self.urgency = severity == nil && urgency == .active ? nil : urgency
        channelID = settings.channels[urgency] ?? DeliverySettings.FCM.defaultChannels[urgency] ?? "herald_active"
        notificationPriority = Self.notificationPriority[urgency] ?? "PRIORITY_DEFAULT"
        visibility = urgency >= .timeSensitive ? "PUBLIC" : "PRIVATE"
        apns = APNSAlerting(severity: severity, urgency: urgency, criticalAlerts: settings.criticalAlerts)
    }

    static let notificationPriority: [Urgency: String] = [
        .passive: "PRIORITY_LOW", .active: "PRIORITY_DEFAULT", .timeSensitive: "PRIORITY_HIGH", .critical: "PRIORITY_MAX",
    ]
}
