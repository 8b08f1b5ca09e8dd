import Foundation

/// How Herald pushes: provider credentials and the worker's limits.
public struct DeliverySettings: Sendable {
    public struct APNs: Sendable {
        public var keyID: String
        /// The .p8 signing key, PEM.
        public var authKeyPEM: String
        public var teamID: String
        /// The app's bundle id, sent as apns-topic.
        public var topic: String
        /// Base URL, `https://api.push.apple.com` unless APPLE_SERVER or APNS_URL says otherwise.
        public var baseURL: String
        /// apns-expiration as seconds from sending; 0 = try once, as the old server did.
        public var expirationSeconds: Int

        /// The ESS Notify app's bundle id, as the old server assumed.
        public static let defaultTopic = "eu.ess.ESS-Notify"
        public static let defaultBaseURL = "https://api.push.apple.com"

        public init(
            keyID: String, authKeyPEM: String, teamID: String, topic: String = defaultTopic, baseURL: String = defaultBaseURL, expirationSeconds: Int = 0
        ) {
            self.keyID = keyID
            self.authKeyPEM = authKeyPEM
            self.teamID = teamID
            self.topic = topic
            self.baseURL = baseURL
            self.expirationSeconds = expirationSeconds
        }
    }

    public struct FCM: Sendable {
        public var projectID: String
        /// The service account JSON (client_email, private_key, token_uri).
        public var serviceAccountJSON: Data
        /// Base URL, `https://fcm.googleapis.com` unless FCM_URL says otherwise.
        public var baseURL: String
        /// The Android notification channel for each urgency (FCM_CHANNELS):
        /// the site's app defines the channels and their sound and
        /// importance; Herald names the one to use.
        public var channels: [Urgency: String]
        /// Send notification messages (FCM_NOTIFICATION_MESSAGES): Android
        /// shows them itself, on the urgency's channel, and iOS devices
        /// reached through FCM get the APNs fields. Off by default: the
        /// shipped ESS app shows data messages itself, and a notification
        /// message would bypass it while the app is in the background.
        public var notificationMessages: Bool
        /// Send withdrawal messages when someone acknowledges a notification
        /// (FCM_WITHDRAWALS): a data message `{"withdraw": "true",
        /// "notification_id"}` for an app that takes the shown notification
        /// down. Off by default: the shipped ESS app shows every data message
        /// it receives, so a withdrawal would buzz as an empty notification.
        public var withdrawals = false

        public static let defaultBaseURL = "https://fcm.googleapis.com"
        public static let defaultChannels: [Urgency: String] = [
            .passive: "herald_passive", .active: "herald_active", .timeSensitive: "herald_time_sensitive", .critical: "herald_critical",
        ]

        public init(
            projectID: String, serviceAccountJSON: Data, baseURL: String = defaultBaseURL, channels: [Urgency: String] = defaultChannels,
            notificationMessages: Bool = false
        ) {
            self.channels = channels
            self.notificationMessages = notificationMessages
            self.projectID = projectID
            self.serviceAccountJSON = serviceAccountJSON
            self.baseURL = baseURL
        }
    }

    public var apns: APNs?
    public var fcm: FCM?
    /// How severities become urgencies on the phones.
    public var urgency: UrgencySettings
    /// Extra trusted roots (PEM) for outbound TLS.
    public var caBundlePEM: String?
    /// Sends in flight at once, over all batches.
    public var concurrency: Int
    /// Deliveries claimed per query.
    public var batchSize: Int
    /// A batch is sent in groups of this many, and each group's outcomes
    /// are recorded as soon as its answers are in: after a crash, only the
    /// pushes whose answers were not yet recorded are sent again. One group
    /// per batch by default: groups of 100 showed an unexplained slow mode
    /// in two of four 100,000-device fan-outs (11 s instead of 7) and no
    /// fewer repeats after a kill (docs/benchmarks.md).
    public var answerGroupSize: Int
    /// HTTP/2 connections kept open to each provider.
    public var connectionsPerProvider: Int
    /// How long a push may wait for the provider's answer.
    public var pushTimeoutSeconds: Double
    /// PING a provider connection that has been quiet this long.
    public var idlePingSeconds: Double
    /// How long a claim lives without its holder's heartbeat: the worker
    /// renews its claims every quarter of this while they are in flight, so
    /// a crashed worker's deliveries are taken over within one lease.
    public var leaseSeconds: Double
    /// The providers with credentials, in a fixed order.
    public var configuredPlatforms: [Platform] {
        (apns == nil ? [] : [.apns]) + (fcm == nil ? [] : [.fcm]) + (webPushSubject == nil ? [] : [.webpush])
    }
    /// Where an acknowledgement takes down what devices show: APNs (a
    /// background push no app shows) and browsers (Herald's own service
    /// worker) whenever they are configured; FCM only with FCM_WITHDRAWALS.
    public var withdrawalPlatforms: [Platform] {
        configuredPlatforms.filter { $0 != .fcm || fcm?.withdrawals == true }
    }
    /// How often the worker renews the claims it holds.
    public var heartbeatSeconds: Double { leaseSeconds / 4 }
    /// How often the worker looks for due retries when nothing wakes it.
    public var pollSeconds: Double
    /// Retries stop once a delivery is this old; it is then marked failed.
    public var maxRetryAgeSeconds: Double
    /// The first retry's delay; it doubles per attempt (with jitter).
    public var retryBaseSeconds: Double
    /// Run the delivery worker inside `herald serve`.
    public var runsInServer: Bool
    /// Devices a provider called dead are kept (restorable) this long.
    public var removedDevicesKeptDays: Int
    /// The contact sent with Web Push (VAPID `sub`: `mailto:` or `https:`);
    /// nil: Web Push is off and browser subscriptions are recorded as skipped.
    public var webPushSubject: String?
    /// How long the lock-screen "Acknowledge" link of a Web Push
    /// notification works (ACKNOWLEDGE_LINK_HOURS, 24): the API checks the
    /// expiry the link carries.
    public var acknowledgeLinkHours: Int = 24
    public var acknowledgeLinkLifetime: TimeInterval { Double(acknowledgeLinkHours) * 3_600 }
    /// Fan-outs' pushes per second to each provider (`APNS_FANOUT_RATE`,
    /// `FCM_FANOUT_RATE`, `WEBPUSH_FANOUT_RATE`; absent or 0: as fast as the
    /// workers go): a provider's quota for one project. Other pushes are
    /// never held back for it.
    public var fanoutRates: [Platform: Double] = [:]

    public init(
        apns: APNs? = nil, fcm: FCM? = nil, urgency: UrgencySettings = UrgencySettings(), caBundlePEM: String? = nil, concurrency: Int = 1000, batchSize: Int = 500, answerGroupSize: Int = 500,
        connectionsPerProvider: Int = 2, pushTimeoutSeconds: Double = 30, idlePingSeconds: Double = 60, leaseSeconds: Double = 5, pollSeconds: Double = 1, maxRetryAgeSeconds: Double = 3600, retryBaseSeconds: Double = 2,
        runsInServer: Bool = true, removedDevicesKeptDays: Int = 30, webPushSubject: String? = nil
    ) {
        self.removedDevicesKeptDays = removedDevicesKeptDays
        self.webPushSubject = webPushSubject
        self.apns = apns
        self.fcm = fcm
        self.urgency = urgency
        self.caBundlePEM = caBundlePEM
        self.concurrency = concurrency
        self.batchSize = batchSize
        self.answerGroupSize = answerGroupSize
        self.connectionsPerProvider = connectionsPerProvider
        self.pushTimeoutSeconds = pushTimeoutSeconds
        self.idlePingSeconds = idlePingSeconds
        self.leaseSeconds = leaseSeconds
        self.pollSeconds = pollSeconds
        self.maxRetryAgeSeconds = maxRetryAgeSeconds
        self.retryBaseSeconds = retryBaseSeconds
        self.runsInServer = runsInServer
    }
}

extension DeliverySettings {
    /// Reads the delivery variables; `text` returns a variable's non-empty value.
    init(text: @escaping (String) -> String?) throws {
        // Every default is the memberwise initialiser's: written once.
        let defaults = DeliverySettings()
        let read = SettingReader(text: text)

        var apns: APNs?
        var authKey = text("APNS_AUTH_KEY")
        if authKey == nil, let path = text("APNS_AUTH_KEY_FILE") {
            authKey = String(decoding: try read.file("APNS_AUTH_KEY_FILE", path), as: UTF8.self)
        }
        if let authKey, let keyID = text("APNS_KEY_ID"), let teamID = text("TEAM_ID") {
            var baseURL = APNs.defaultBaseURL
            if let url = text("APNS_URL") {
                baseURL = url
            } else if let host = text("APPLE_SERVER") {
                baseURL = "https://\(host)"
            }
            apns = APNs(
                keyID: keyID, authKeyPEM: authKey, teamID: teamID, topic: text("BUNDLE_ID") ?? APNs.defaultTopic,
                baseURL: baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL,
                expirationSeconds: Int(try read.number("APNS_EXPIRATION_SECONDS", default: 0, range: 0...2_592_000))
            )
        } else if authKey != nil || text("APNS_KEY_ID") != nil || text("TEAM_ID") != nil {
            throw ConfigurationError("APNS_AUTH_KEY", "APNs needs all of APNS_AUTH_KEY (or APNS_AUTH_KEY_FILE), APNS_KEY_ID and TEAM_ID")
        }

        var fcm: FCM?
        if let path = text("GOOGLE_APPLICATION_CREDENTIALS") {
            let json = try read.file("GOOGLE_APPLICATION_CREDENTIALS", path)
            let embedded = (try? JSONSerialization.jsonObject(with: json) as? [String: Any])?["project_id"] as? String
            guard let project = text("FIREBASE_PROJECT_ID") ?? embedded else {
                throw ConfigurationError("FIREBASE_PROJECT_ID", "not set, and the service account file names no project_id")
            }
            let base = text("FCM_URL") ?? FCM.defaultBaseURL
            fcm = FCM(
                projectID: project, serviceAccountJSON: json, baseURL: base.hasSuffix("/") ? String(base.dropLast()) : base,
                channels: try Self.channels(text("FCM_CHANNELS")), notificationMessages: try read.flag("FCM_NOTIFICATION_MESSAGES", default: false)
            )
            fcm?.withdrawals = try read.flag("FCM_WITHDRAWALS", default: false)
        }
        var urgency = UrgencySettings(criticalAlerts: try read.flag("APNS_CRITICAL_ALERTS", default: false))
        if let table = text("SEVERITY_URGENCY") {
            do { urgency.table = try urgency.table.overridden(by: table) } catch { throw ConfigurationError("SEVERITY_URGENCY", error.description) }
        }

        // Trusted besides the system's roots for every outbound TLS
        // connection: CA_BUNDLE_FILE, and SSL_CERT_FILE, which the server
        // Herald replaces honoured through Python's TLS.
        // SSL_CERT_FILE naming the system's own bundle (as many images set
        // it) adds nothing: those roots are trusted already, and parsing them
        // again into every TLS context cost 4 MB of memory.
        var bundle: String?
        for variable in ["CA_BUNDLE_FILE", "SSL_CERT_FILE"] {
            guard let path = text(variable), variable == "CA_BUNDLE_FILE" || !Self.isSystemBundle(path) else { continue }
            bundle = (bundle.map { $0 + "\n" } ?? "") + String(decoding: try read.file(variable, path), as: UTF8.self)
        }
        // NB_PARALLEL_PUSH is the old server's name for the same limit.
        let concurrency = text("DELIVERY_CONCURRENCY") != nil || text("NB_PARALLEL_PUSH") == nil
            ? try read.number("DELIVERY_CONCURRENCY", default: Double(defaults.concurrency), range: 1...100_000)
            : try read.number("NB_PARALLEL_PUSH", default: Double(defaults.concurrency), range: 1...100_000)
        let pushTimeout = try read.number("PUSH_TIMEOUT_SECONDS", default: defaults.pushTimeoutSeconds, range: 1...600)
        // A batch may wait longer than its lease for its answers: the
        // worker's heartbeat renews it meanwhile. Two seconds leave the
        // heartbeat (every quarter) room for a slow database round trip.
        let lease = try read.number("DELIVERY_LEASE_SECONDS", default: defaults.leaseSeconds, range: 2...86_400)
        self.init(
            apns: apns, fcm: fcm, urgency: urgency, caBundlePEM: bundle, concurrency: Int(concurrency),
            batchSize: Int(try read.number("DELIVERY_BATCH_SIZE", default: Double(defaults.batchSize), range: 1...10_000)),
            answerGroupSize: try read.integer("DELIVERY_ANSWER_GROUP", default: defaults.answerGroupSize, range: 1...10_000),
            connectionsPerProvider: Int(try read.number("PUSH_CONNECTIONS", default: Double(defaults.connectionsPerProvider), range: 1...64)),
            pushTimeoutSeconds: pushTimeout, idlePingSeconds: try read.number("PUSH_IDLE_PING_SECONDS", default: defaults.idlePingSeconds, range: 1...86_400),
            leaseSeconds: lease,
            pollSeconds: try read.number("DELIVERY_POLL_SECONDS", default: defaults.pollSeconds, range: 0.01...3600),
            maxRetryAgeSeconds: try read.number("DELIVERY_MAX_RETRY_AGE_SECONDS", default: defaults.maxRetryAgeSeconds, range: 0...2_592_000),
            retryBaseSeconds: try read.number("DELIVERY_RETRY_BASE_SECONDS", default: defaults.retryBaseSeconds, range: 0.001...3600),
            runsInServer: (text("DELIVERY_WORKER") ?? "on").lowercased() != "off",
            removedDevicesKeptDays: try read.integer("REMOVED_DEVICES_KEPT_DAYS", default: defaults.removedDevicesKeptDays, range: 0...3650),
            webPushSubject: try Self.webPushSubject(text("WEBPUSH_SUBJECT"))
        )
        acknowledgeLinkHours = try read.integer("ACKNOWLEDGE_LINK_HOURS", default: defaults.acknowledgeLinkHours, range: 1...720)
        for (platform, variable) in [(Platform.apns, "APNS_FANOUT_RATE"), (.fcm, "FCM_FANOUT_RATE"), (.webpush, "WEBPUSH_FANOUT_RATE")] {
            let rate = try read.number(variable, default: 0, range: 0...1_000_000)
            if rate > 0 { fanoutRates[platform] = rate }
        }
    }

    /// Where Linux distributions keep the system's trust roots (the files
    /// TLS trusts by default).
    static let systemBundles: Set<String> = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
        "/etc/ssl/cert.pem",
    ]

    /// Whether `path` is (or links to) the system's own bundle.
    static func isSystemBundle(_ path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return systemBundles.contains(path) || systemBundles.contains(resolved)
    }

    /// The default channels with those `text` names changed, e.g.
    /// `"critical=alarms, passive=quiet"`.
    public static func channels(_ text: String?) throws -> [Urgency: String] {
        var channels = FCM.defaultChannels
        for entry in (text ?? "").split(separator: ",") where !entry.trimmingWhitespace().isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2, let urgency = Urgency(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
                throw ConfigurationError("FCM_CHANNELS", "expected urgency=channel pairs (urgencies: \(Urgency.names)), got '\(entry.trimmingWhitespace())'")
            }
            channels[urgency] = parts[1]
        }
        return channels
    }

    static func webPushSubject(_ value: String?) throws -> String? {
        guard let value else { return nil }
        guard value.hasPrefix("mailto:") || value.hasPrefix("https://") else {
            throw ConfigurationError("WEBPUSH_SUBJECT", "should be a mailto: or https: contact for the push services' operators")
        }
        return value
    }
}
