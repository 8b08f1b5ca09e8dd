import Foundation

/// Forgetting what is old, one bounded batch per call: each call is one
/// short transaction, so pruning a large backlog never holds long locks or
/// blocks publishing, and a caller can report progress between batches.
public protocol RetentionStore: Sendable {
    /// Deletes up to `limit` of the oldest notifications created before
    /// `before`, with their inbox rows and their deliveries (queued or
    /// finished); returns how many notifications went.
    func pruneNotifications(createdBefore before: Date, limit: Int) async throws -> Int
    /// Forgets up to `limit` finished deliveries recorded before `before`
    /// (their notifications stay); returns how many.
    func pruneDeliveryHistory(finishedBefore before: Date, limit: Int) async throws -> Int
    /// Forgets up to `limit` resolved alerts last notified before `before`.
    /// A resolved alert with no state is not news, so nothing is pushed
    /// again; one that fires later is new either way.
    func pruneResolvedAlerts(notifiedBefore before: Date, limit: Int) async throws -> Int
    /// Forgets up to `limit` stored filters no user holds any more (a user
    /// who changed or cleared a filter leaves the shared row behind, and
    /// publishing would keep evaluating it); returns how many. A filter set
    /// again later is stored anew, under a new id.
    func pruneUnusedFilters(limit: Int) async throws -> Int
}
