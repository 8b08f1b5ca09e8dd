import Foundation
import HeraldCore
import HeraldDelivery
import HeraldMocks
import HeraldPublishing
import HeraldStore
import Logging
import PostgresNIO
import ServiceLifecycle
import Tracing

/// A store on a fresh database of one backend plus mock APNs and FCM, with
/// delivery workers that a test starts and stops.
public struct DeliveryHarness: Sendable {
    public let store: any HeraldStore
    /// Where the store's database is.
    public let location: DatabaseLocation
    public let mocks: MockProviders
    public let settings: DeliverySettings
    public let signal = QueueSignal()
    public let metrics = DeliveryMetrics()

    /// Fast retries and polling so outcomes play out in a test's time. The
    /// lease stays long: a batch outliving its lease is sent again by design
    /// (the crash path), and a busy CI machine must not trigger it.
    public static func testSettings(_ mocks: MockProviders) throws -> DeliverySettings {
        try mocks.deliverySettings(DeliverySettings(concurrency: 64, batchSize: 50, pushTimeoutSeconds: 10, leaseSeconds: 30, pollSeconds: 0.05, maxRetryAgeSeconds: 60, retryBaseSeconds: 0.05))
    }

    /// Runs `body` against the mock providers on `backend`. Afterwards the
    /// mocks must have seen nothing Apple or Google would refuse (a wrong
    /// token, header, push type, priority or field): a test that scripts
    /// such a refusal itself names what it expects in `expectedViolations`.
    public static func run<T: Sendable>(
        _ backend: Backend, faults: StoreFaults? = nil, expectedViolations: @escaping @Sendable (String) -> Bool = { _ in false },
        configure: @Sendable (inout DeliverySettings) -> Void = { _ in }, _ body: @Sendable (DeliveryHarness) async throws -> T
    ) async throws -> T {
        try await MockProviders.run { mocks in
            var settings = try testSettings(mocks)
            configure(&settings)
            let ready = settings
            let result = try await TestDatabase.withFreshDatabase(backend) { location in
                try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                    let store: any HeraldStore = faults.map { FaultyStore(store, faults: $0) } ?? store
                    return try await body(DeliveryHarness(store: store, location: location, mocks: mocks, settings: ready))
                }
            }
            let unexpected = (mocks.apns.violations.map { "APNs: \($0)" } + mocks.fcm.violations.map { "FCM: \($0)" }).filter { !expectedViolations($0) }
            guard unexpected.isEmpty else {
                throw TestSetupError("the mock providers saw what Apple or Google refuse:\n" + unexpected.prefix(20).joined(separator: "\n"))
            }
            return result
        }
    }

    /// Runs a worker (with its own HTTP client) for the duration of `body`,
    /// then shuts it down gracefully.
    /// `signal` is the worker's own wake-up: by default the one the
    /// harness publishes on (a worker in the publishing process); another
    /// one stands for a worker on another replica, woken only by the
    /// database's NOTIFY and its poll. `queue` stands in for the store's
    /// own queue (a test's wrapper around it). `configure` has the last
    /// word on the configuration (Web Push, the outbound policy).
    public func withWorker<T: Sendable>(
        settings override: DeliverySettings? = nil, clock: WallClock = .system, tracer: (any Tracer)? = nil, logger: Logger = TestDatabase.logger,
        parts: PartStates = PartStates(), signal: QueueSignal? = nil, queue: (any DeliveryQueue)? = nil,
        configure: (inout HeraldConfig) -> Void = { _ in }, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        var config = HeraldConfig(secretKey: TestApp.secret)
        config.delivery = override ?? settings
        configure(&config)
        let engine = try DeliveryEngine.make(
            config: config, queue: queue ?? store, signal: signal ?? self.signal, metrics: metrics, ready: ReadinessGate(open: true), logger: logger, clock: clock,
            tracer: tracer, parts: parts, sharedSettings: store, alerting: store, quietHours: store
        )
        return try await withRunningServices(engine.services, logger: TestDatabase.logger, body)
    }

    // MARK: Fixtures

    public struct Recipient: Sendable {
        public var token: String
        public var platform: Platform
        public var active = true
        public var loggedIn = true

        public init(_ token: String, _ platform: Platform, active: Bool = true, loggedIn: Bool = true) {
            self.token = token
            self.platform = platform
            self.active = active
            self.loggedIn = loggedIn
        }
    }

    /// An APNs-shaped token (64 hex digits) made from a number.
    public static func apnsToken(_ number: Int) -> String { String(format: "%064x", number) }
    public static func fcmToken(_ number: Int) -> String { "fcm-\(number):" + String(repeating: "t", count: 140) }

    /// A service, and one user per recipient with that device, subscribed.
    public func seed(_ recipients: [Recipient]) async throws -> ServiceRecord {
        let service = try await store.createService(ServiceDraft(category: "Alarms", color: "ff0000", owner: "ops"))
        for (index, recipient) in recipients.enumerated() {
            let user = try await store.createUser(username: "user\(index)-\(UUID().uuidString.prefix(8))", passwordHash: nil, isAdmin: false)
            if recipient.loggedIn { try await store.recordLogin(userID: user.id, expiresAt: Date().addingTimeInterval(3600)) }
            if !recipient.active { _ = try await store.updateUser(id: user.id, UserPatch(isActive: false)) }
            _ = try await store.registerDevice(userID: user.id, token: recipient.token, platform: recipient.platform, at: Timestamp.now())
            try await store.setSubscriptions(userID: user.id, [service.id: true])
        }
        return service
    }

    public func publish(_ service: ServiceRecord, title: String = "Beam lost", url: String = "https://example.org/alarm") async throws -> NotificationRecord {
        try await publish(service, NotificationDraft(title: title, subtitle: "Sector 7", url: url))
    }

    public func publish(_ service: ServiceRecord, _ draft: NotificationDraft) async throws -> NotificationRecord {
        try await Publisher.forTests(store, signal: signal).publish(draft, to: service.id, from: .api)
    }

    /// Sessions waiting on a PostgreSQL LISTEN on this harness's database.
    public func listeners() async throws -> Int {
        guard case .postgres(let settings) = location else { throw TestSetupError("LISTEN is PostgreSQL's") }
        return try await ScratchDatabase.listeners(on: settings, logger: TestDatabase.logger)
    }

    /// Runs a statement answering one integer on this harness's PostgreSQL database.
    public func integer(_ sql: String) async throws -> Int {
        guard case .postgres(let settings) = location else { throw TestSetupError("\(sql): a PostgreSQL statement") }
        return try await ScratchDatabase.integer(PostgresQuery(unsafeSQL: sql), on: settings, logger: TestDatabase.logger)
    }

    /// Ends the database sessions holding advisory lock `key`, as the death
    /// of their process would; returns how many.
    public func endSessions(holding key: Int64) async throws -> Int {
        try await integer(
            """
            SELECT count(pg_terminate_backend(pid))::int FROM pg_locks
            WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND ((classid::int8 << 32) | objid::int8) = \(key)
            """
        )
    }

    /// Waits until `condition` holds, failing after `timeout`.
    /// The default bound is a safety net, not a measure: in a full parallel
    /// run beside busy loops a two-push delivery that takes a second alone
    /// was seen taking over 20 s (the condition returns as soon as it holds).
    public func waitUntil(_ what: String, timeout: Duration = .seconds(60), _ condition: @Sendable () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw TestSetupError("timed out waiting until \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    public func counts(_ notification: NotificationRecord) async throws -> [DeliveryState: Int] {
        try await store.deliveryCounts(notificationID: notification.id)
    }

    /// Waits until no delivery of the notification is pending or retrying;
    /// on timeout, says where each delivery stands and why.
    public func waitUntilSettled(_ notification: NotificationRecord, timeout: Duration = .seconds(60)) async throws -> [DeliveryState: Int] {
        do {
            try await waitUntil("notification \(notification.id) settled", timeout: timeout) {
                let counts = try await self.counts(notification)
                return (counts[.pending] ?? 0) + (counts[.retrying] ?? 0) == 0
            }
        } catch let error as TestSetupError {
            let report = (try? await store.deliveryReport(notificationID: notification.id)) ?? []
            let rows = report.map { "\($0.platform) \($0.state) after \($0.attempts) attempts\($0.lastError.map { ": \($0)" } ?? "")" }
            throw TestSetupError("\(error) (deliveries: \(rows.joined(separator: "; ")))")
        }
        return try await counts(notification)
    }
}
