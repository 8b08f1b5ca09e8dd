/// Brakes against floods and slow clients. Defaults are generous: they stop a
/// runaway script, not a busy site. Each replica brakes on its own.
public struct LimitSettings: Sendable, Equatable {
    /// Posts per second one service accepts (a token bucket; 0: no limit).
    /// An admin may give a service its own rate.
    public var publishPerSecond: Double
    /// Posts a service may make at once before the rate applies.
    public var publishBurst: Int
    /// Posts per second from one sending address, over all services (0: no limit).
    public var senderPerSecond: Double
    public var senderBurst: Int
    /// Posts refused for a service's limit are told to its subscribers in
    /// one digest notification per this many seconds.
    public var digestWindowSeconds: Int
    /// Changes one user makes per minute (devices, Web Push
    /// registrations, subscriptions, filters, bookmarks), web and API alike.
    public var userChangesPerMinute: Int
    /// Distinct filters one service's subscribers may hold (each is
    /// evaluated for every publish); a new one beyond it is refused (422).
    public var filtersPerService: Int
    /// Held (`deliver_at`) notifications one service may have waiting.
    public var scheduledPerService: Int
    /// Recurring notifications one service may have.
    public var recurringPerService: Int
    /// Devices kept per user; registering one more drops the least recently seen.
    public var devicesPerUser: Int
    /// A connection with no request in progress, or whose request head has
    /// not arrived, is closed after this long.
    public var httpIdleTimeoutSeconds: Int
    /// Connections served at once; beyond it new ones wait in the backlog.
    public var httpMaxConnections: Int
    /// The shortest wait an escalation step may have (issue 39): a policy
    /// of zero-wait steps would call everyone in it at once, over and over.
    public var escalationMinWaitSeconds: Int
    /// The most calls one escalation may make (steps × passes × targets).
    public var escalationMaxCalls: Int
    /// Escalations one service starts per minute (0: no limit); the rest of
    /// a flood of alarms is held back, and said so in their timelines.
    public var escalationStartsPerMinute: Int
    /// Calendar feed requests one client address makes per minute (0: no
    /// limit); the route needs no sign-in, so it is how addresses are not
    /// tried by the thousand.
    public var feedRequestsPerMinute: Int = 60

    public init(
        publishPerSecond: Double = 50, publishBurst: Int = 200, senderPerSecond: Double = 50, senderBurst: Int = 200,
        digestWindowSeconds: Int = 60, userChangesPerMinute: Int = 60, filtersPerService: Int = 500, scheduledPerService: Int = 1_000,
        recurringPerService: Int = 100, devicesPerUser: Int = 20, httpIdleTimeoutSeconds: Int = 60, httpMaxConnections: Int = 16_384,
        escalationMinWaitSeconds: Int = 30, escalationMaxCalls: Int = 100, escalationStartsPerMinute: Int = 30
    ) {
        self.escalationMinWaitSeconds = escalationMinWaitSeconds
        self.escalationMaxCalls = escalationMaxCalls
        self.escalationStartsPerMinute = escalationStartsPerMinute
        self.filtersPerService = filtersPerService
        self.scheduledPerService = scheduledPerService
        self.recurringPerService = recurringPerService
        self.publishPerSecond = publishPerSecond
        self.publishBurst = publishBurst
        self.senderPerSecond = senderPerSecond
        self.senderBurst = senderBurst
        self.digestWindowSeconds = digestWindowSeconds
        self.userChangesPerMinute = userChangesPerMinute
        self.devicesPerUser = devicesPerUser
        self.httpIdleTimeoutSeconds = httpIdleTimeoutSeconds
        self.httpMaxConnections = httpMaxConnections
    }

    /// No brakes at all: for benchmarks that measure the server, not its limits.
    public static let unlimited = LimitSettings(
        publishPerSecond: 0, publishBurst: 1, senderPerSecond: 0, senderBurst: 1, userChangesPerMinute: 0, filtersPerService: 1_000_000,
        scheduledPerService: 10_000_000, recurringPerService: 1_000_000, devicesPerUser: 1_000, escalationMinWaitSeconds: 0,
        escalationMaxCalls: 1_000_000, escalationStartsPerMinute: 0
    )

    init(text: @escaping (String) -> String?) throws {
        let read = SettingReader(text: text)
        let defaults = LimitSettings()
        self.init(
            publishPerSecond: try read.number("PUBLISH_RATE", default: defaults.publishPerSecond, range: 0...1_000_000),
            publishBurst: try read.integer("PUBLISH_BURST", default: defaults.publishBurst, range: 1...1_000_000),
            senderPerSecond: try read.number("SENDER_RATE", default: defaults.senderPerSecond, range: 0...1_000_000),
            senderBurst: try read.integer("SENDER_BURST", default: defaults.senderBurst, range: 1...1_000_000),
            digestWindowSeconds: try read.integer("DIGEST_WINDOW_SECONDS", default: defaults.digestWindowSeconds, range: 1...86_400),
            userChangesPerMinute: try read.integer("USER_CHANGES_PER_MINUTE", default: defaults.userChangesPerMinute, range: 0...100_000),
            filtersPerService: try read.integer("FILTERS_PER_SERVICE", default: defaults.filtersPerService, range: 1...1_000_000),
            scheduledPerService: try read.integer("SCHEDULED_PER_SERVICE", default: defaults.scheduledPerService, range: 1...10_000_000),
            recurringPerService: try read.integer("RECURRING_PER_SERVICE", default: defaults.recurringPerService, range: 1...1_000_000),
            devicesPerUser: try read.integer("DEVICES_PER_USER", default: defaults.devicesPerUser, range: 1...1_000),
            httpIdleTimeoutSeconds: try read.integer("HTTP_IDLE_TIMEOUT_SECONDS", default: defaults.httpIdleTimeoutSeconds, range: 1...86_400),
            httpMaxConnections: try read.integer("HTTP_MAX_CONNECTIONS", default: defaults.httpMaxConnections, range: 1...1_000_000),
            escalationMinWaitSeconds: try read.integer("ESCALATION_MIN_WAIT_SECONDS", default: defaults.escalationMinWaitSeconds, range: 0...86_400),
            escalationMaxCalls: try read.integer("ESCALATION_MAX_CALLS", default: defaults.escalationMaxCalls, range: 1...1_000_000),
            escalationStartsPerMinute: try read.integer("ESCALATION_STARTS_PER_MINUTE", default: defaults.escalationStartsPerMinute, range: 0...1_000_000)
        )
        feedRequestsPerMinute = try read.integer("FEED_REQUESTS_PER_MINUTE", default: defaults.feedRequestsPerMinute, range: 0...1_000_000)
    }
}
