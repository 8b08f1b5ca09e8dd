import Foundation

/// The durable delivery queue: one row per (notification, device), leased
/// by workers in batches.
public protocol DeliveryQueue: Sendable {
    /// Leases up to `limit` due deliveries (pending or retrying, due by `now`,
    /// not leased by a live worker) until `leaseUntil`, stamped with
    /// `holder` (a key its session holds, or nil: leased only). Several
    /// workers may claim at once; none gets a delivery another holds.
    /// The most severe come first (`DeliveryPriority`), then the oldest;
    /// only those ranked at least `minimumPriority` are taken (the urgent lane).
    /// At one priority, fan-outs' pushes (bulk) come after the others; those
    /// to the providers in `withholdingBulkOf` (over their pace) are left.
    /// With `leavingExpressDueAfter`, the express lane's pushes
    /// (`ClaimedDelivery.isExpress`) due after it are left too: the main
    /// lane leaves fresh ones to the express lane, which claims fewer rows
    /// in a shorter statement, and takes those that have waited.
    func claimDeliveries(
        limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int, withholdingBulkOf withheld: Set<Platform>,
        leavingExpressDueAfter expressCutoff: Date?
    ) async throws -> [ClaimedDelivery]
    /// Extends the leases of claimed deliveries still waiting for their
    /// outcome to `until` (the holder's heartbeat: a claim lives only as
    /// long as its holder renews it, so a dead holder's rows return within
    /// one short lease); returns how many were renewed.
    func renewLeases(_ ids: [DeliveryID], until: Date) async throws -> Int
    /// Records attempts' outcomes and releases their leases; a `dropped`
    /// outcome also moves the device to the removed devices (unless it was
    /// registered again after the result's `invalidSince`).
    func recordDeliveries(_ results: [DeliveryResult], at: Date) async throws
    /// Devices removed at or after `since`, newest first.
    func removedDevices(since: Date, limit: Int) async throws -> [RemovedDevice]
    /// Puts devices removed at or after `since` back (those whose token has
    /// not been registered again meanwhile); returns how many.
    func restoreDevices(removedSince since: Date) async throws -> Int
    /// Forgets devices removed before `before`; returns how many.
    func purgeRemovedDevices(removedBefore before: Date) async throws -> Int
    /// Makes up to `limit` (nil: all) of a platform's retrying deliveries
    /// whose last attempt never reached the provider (a transport failure),
    /// earliest first, due at `now` instead of at their backoff's end (a
    /// provider that answers again after an outage); returns how many.
    /// Those the provider itself asked to wait (Retry-After) keep their time.
    func hastenRetries(platform: Platform, limit: Int?, now: Date) async throws -> Int
    /// Deliveries waiting to be sent (pending or retrying).
    func queueDepth() async throws -> Int
    /// Reclaims what finished deliveries left behind in the queue, so that
    /// claims after a large drain cost what they cost before it (PostgreSQL:
    /// VACUUM, skipped when another is running; elsewhere nothing to do).
    func compactQueue() async throws
    /// Calls `wake` whenever another process queues deliveries (with true
    /// when some are urgent: `DeliveryPriority.urgent`), until the
    /// task is cancelled (PostgreSQL LISTEN; SQLite has no other process to
    /// hear and waits for cancellation). On PostgreSQL the same session holds
    /// `holder`'s key, marking it held while it does.
    func listenForDeliveries(holding holder: ClaimHolder, _ wake: @escaping @Sendable (_ urgent: Bool) -> Void) async throws
    /// Releases the claims of holders whose session has ended (a worker that
    /// died) without waiting for their leases; returns how many.
    func releaseClaimsOfStoppedHolders() async throws -> Int
    /// A notification's deliveries, one row per device.
    func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow]
}

extension DeliveryQueue {
    /// SQLite leaves nothing behind to reclaim.
    public func compactQueue() async throws {}

    /// Elsewhere than on PostgreSQL no session shows a holder alive: claims are leased only.
    public func releaseClaimsOfStoppedHolders() async throws -> Int { 0 }

    /// A claim withholding nothing.
    public func claimDeliveries(limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int) async throws -> [ClaimedDelivery] {
        try await claimDeliveries(
            limit: limit, now: now, leaseUntil: leaseUntil, holder: holder, minimumPriority: minimumPriority, withholdingBulkOf: [], leavingExpressDueAfter: nil
        )
    }

    /// A claim of every priority.
    public func claimDeliveries(limit: Int, now: Date, leaseUntil: Date, holder: Int64?) async throws -> [ClaimedDelivery] {
        try await claimDeliveries(limit: limit, now: now, leaseUntil: leaseUntil, holder: holder, minimumPriority: 0)
    }

    /// A claim leased only (tests, tools).
    public func claimDeliveries(limit: Int, now: Date, leaseUntil: Date) async throws -> [ClaimedDelivery] {
        try await claimDeliveries(limit: limit, now: now, leaseUntil: leaseUntil, holder: nil)
    }
}
