import Foundation
import HeraldCore
import Logging

/// The one way a notification gets into Herald, whatever its source: the
/// draft meets `NotificationRules`, the store keeps it with its inbox links
/// and delivery rows in one transaction, and the delivery worker is woken.
/// Nothing else calls the store's publishing operations.
public struct Publisher: Sendable {
    let notifications: any NotificationStore
    let alertStates: any AlertStateStore
    let signal: QueueSignal
    let clock: WallClock
    let metrics: PublishMetrics
    let logger: Logger

    public init(
        notifications: any NotificationStore, alertStates: any AlertStateStore, signal: QueueSignal, clock: WallClock, metrics: PublishMetrics,
        logger: Logger
    ) {
        self.notifications = notifications
        self.alertStates = alertStates
        self.signal = signal
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
    }

    /// Publishes a draft from a sender that can be told no: one that breaks
    /// a rule is refused with every problem (`PublishError.rejected`).
    public func publish(_ draft: NotificationDraft, to serviceID: UUID, from source: PublishSource) async throws -> NotificationRecord {
        let checked: NotificationDraft
        do {
            checked = try NotificationRules.validated(draft)
        } catch {
            metrics.rejected(from: source)
            throw PublishError.rejected(error.issues)
        }
        guard let record = try await notifications.publish(checked, serviceID: serviceID, at: clock.now()) else {
            throw PublishError.serviceNotFound(serviceID)
        }
        announce([record], to: serviceID, from: source)
        return record
    }

    /// Publishes what changed among `observations` (new, fired again,
    /// resolved; see `AlertDedupe`) as `compose` describes it, for sources
    /// that cannot be told no: each draft is made to fit the rules and the
    /// change is logged, never refused. Replicas receiving the same alerts
    /// at once publish them once.
    public func publishAlertChanges(
        _ observations: [AlertObservation], to serviceID: UUID, renotifyAfter: TimeInterval? = nil, from source: PublishSource,
        compose: @escaping AlertComposer
    ) async throws -> [NotificationRecord] {
        // Identities are index keys: long or unclean ones are stored as their
        // hash, and `compose` still sees the observations it was given.
        var given: [String: AlertObservation] = [:]
        let storable = observations.map { observation -> AlertObservation in
            var stored = observation
            stored.fingerprint = NotificationRules.storableIdentity(observation.fingerprint)
            stored.startsAt = TextRules.withoutControlCharacters(observation.startsAt)
            given[stored.fingerprint] = observation
            return stored
        }
        let originals = given
        let fit: AlertComposer = { chosen in
            compose(chosen.compactMap { originals[$0.fingerprint] }).map { fitted($0, for: serviceID, from: source) }
        }
        guard let records = try await alertStates.publishAlertChanges(
            serviceID: serviceID, storable, renotifyAfter: renotifyAfter, at: clock.now(), compose: fit
        ) else {
            throw PublishError.serviceNotFound(serviceID)
        }
        announce(records, to: serviceID, from: source)
        return records
    }

    private func fitted(_ draft: NotificationDraft, for serviceID: UUID, from source: PublishSource) -> NotificationDraft {
        let (fitted, changes) = NotificationRules.fitted(draft)
        if !changes.isEmpty {
            for change in changes { metrics.fitted(change.field.rawValue, from: source) }
            logger.notice(
                "notification changed to fit the rules",
                metadata: ["source": "\(source)", "service": "\(serviceID)", "changes": "\(changes.map(\.description).joined(separator: "; "))"]
            )
        }
        return fitted
    }

    private func announce(_ records: [NotificationRecord], to serviceID: UUID, from source: PublishSource) {
        guard !records.isEmpty else { return }
        signal.notify()
        metrics.published(records.count, from: source)
        if logger.logLevel <= .info {
            logger.info(
                "notification stored",
                metadata: ["source": "\(source)", "service": "\(serviceID)", "notifications": "\(records.map { String($0.id) }.joined(separator: ","))"]
            )
        }
    }
}

/// Why the publisher did not publish.
public enum PublishError: Error, Equatable {
    /// The draft breaks these rules (only from senders that can be told no).
    case rejected([NotificationRules.Issue])
    case serviceNotFound(UUID)
}
