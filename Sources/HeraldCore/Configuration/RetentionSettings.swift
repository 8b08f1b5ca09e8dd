/// How long Herald keeps what it no longer needs, pruned by every process
/// that runs the delivery worker (`serve`, `worker`). Days may be
/// fractional (a test or a demo keeps minutes); 0 keeps forever.
public struct RetentionSettings: Sendable, Equatable {
    /// Notifications (with their inbox rows and deliveries) and resolved
    /// alerts older than this are deleted. The old server's cron kept 30.
    public var notificationDays: Double
    /// Finished deliveries (what became of each push) are kept this long.
    public var deliveryHistoryDays: Double
    /// How often a pruning pass runs; the first runs a minute after start.
    public var intervalSeconds: Double
    /// Rows per statement: short transactions, never a long lock.
    public var batchSize: Int
    /// Audit log entries are kept this long (0: for ever).
    public var auditDays: Double

    public init(
        notificationDays: Double = 30, deliveryHistoryDays: Double = 7, intervalSeconds: Double = 3600, batchSize: Int = 1000, auditDays: Double = 365
    ) {
        self.auditDays = auditDays
        self.notificationDays = notificationDays
        self.deliveryHistoryDays = deliveryHistoryDays
        self.intervalSeconds = intervalSeconds
        self.batchSize = batchSize
    }

    init(text: @escaping (String) -> String?) throws {
        let read = SettingReader(text: text)
        let defaults = RetentionSettings()
        self.init(
            notificationDays: try read.number("RETENTION_DAYS", default: defaults.notificationDays, range: 0...36_500),
            deliveryHistoryDays: try read.number("DELIVERY_HISTORY_DAYS", default: defaults.deliveryHistoryDays, range: 0...36_500),
            intervalSeconds: try read.number("RETENTION_INTERVAL_SECONDS", default: defaults.intervalSeconds, range: 1...604_800),
            batchSize: try read.integer("RETENTION_BATCH_SIZE", default: defaults.batchSize, range: 1...100_000),
            auditDays: try read.number("AUDIT_RETENTION_DAYS", default: defaults.auditDays, range: 0...36_500)
        )
    }
}
