import Foundation

/// What the alert sources remember between messages: each alert's last
/// state (so repeats are not pushed again) and the messages they could not
/// handle (parked, with the reason).
public protocol AlertStateStore: Sendable {
    /// Records `alerts` for a service and publishes what `compose` makes of
    /// the ones that should be pushed (see `AlertDedupe`), in one transaction
    /// under a per-service lock, so that replicas receiving the same alerts
    /// at once push them once. Nil when the service does not exist. Only the
    /// `Publisher` calls this.
    /// `filters` says, for each draft, which subscribers' filters let it through.
    func publishAlertChanges(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at: Date, filters: FilterJudge?, compose: AlertComposer
    ) async throws -> [NotificationRecord]?
    /// Keeps a message a source failed on too often, so it is skipped, not lost.
    func park(_ message: ParkedMessageDraft, at: Date) async throws
    /// The newest parked messages first.
    func parkedMessages(limit: Int) async throws -> [ParkedMessage]
}

/// The verdicts of a service's subscriber filters on one draft posted at a time.
public typealias FilterJudge = @Sendable (NotificationDraft, Date) -> FilterVerdicts

extension AlertStateStore {
    /// Without subscriber filters (tests, tools).
    public func publishAlertChanges(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at: Date, compose: AlertComposer
    ) async throws -> [NotificationRecord]? {
        try await publishAlertChanges(serviceID: serviceID, alerts, renotifyAfter: renotifyAfter, at: at, filters: nil, compose: compose)
    }
}
