import Foundation
import HeraldCore
import Logging

/// "I have it": any recipient acknowledges a notification they received,
/// the first one wins and everyone who received it sees who (the store
/// signals their live streams); the acknowledger or an admin withdraws it.
/// One rule for the JSON API and the web inbox: the demo account, whose
/// password app reviewers share, may not take a site's alarms; each
/// acknowledgement and withdrawal draws on the user's change budget; each
/// is logged with who did it. An acknowledgement of an alarm still open,
/// on a service whose admin asked for it, is sent back to the alarm's
/// source (`WriteBackTarget`), in the same transaction as the
/// acknowledgement; the runner does the sending.
public struct Acknowledgements: Sendable {
    let store: any AcknowledgementStore & NotificationStore & ServiceWriteBackStore
    let visibility: ServiceVisibility
    let brake: UserChangeBrake
    let clock: WallClock
    /// Told of each first acknowledgement, with how long after the
    /// notification it came, and of each withdrawal (`/metrics`).
    let acknowledged: @Sendable (TimeInterval) -> Void
    let withdrawn: @Sendable () -> Void
    /// Where an acknowledgement takes down what devices show (the site's
    /// choice: APNs and browsers by default; FCM when its Android app reads
    /// withdrawal messages, FCM_WITHDRAWALS).
    let withdrawOn: [Platform]
    /// Wakes this process's delivery worker for the withdrawals queued.
    let wake: @Sendable () -> Void
    /// Comments are what an on-call engineer types on a phone; a page's worth.
    public static let maxCommentLength = 1_000

    public init(
        store: any AcknowledgementStore & NotificationStore & ServiceWriteBackStore, visibility: ServiceVisibility, brake: UserChangeBrake, clock: WallClock,
        acknowledged: @escaping @Sendable (TimeInterval) -> Void = { _ in }, withdrawn: @escaping @Sendable () -> Void = {},
        withdrawOn: [Platform] = [], wake: @escaping @Sendable () -> Void = {}
    ) {
        self.withdrawOn = withdrawOn
        self.wake = wake
        self.store = store
        self.visibility = visibility
        self.brake = brake
        self.clock = clock
        self.acknowledged = acknowledged
        self.withdrawn = withdrawn
    }

    /// Acknowledges a notification in `user`'s inbox; answers the
    /// notification's acknowledgement (this one, or the one that came
    /// first) and whether this call made it.
    public func acknowledge(
        _ id: NotificationID, comment: String?, by user: User, logger: Logger
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool) {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot acknowledge notifications") }
        let comment = comment.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        if let comment, let problem = TextRules.problem(comment, maxLength: Self.maxCommentLength) {
            throw UseCaseError.rejected([FieldProblem(field: "comment", message: problem.message, type: problem.type)])
        }
        try brake.take(user)
        let notification = try await store.notification(id: id)
        let writeBack = try await writesBack(notification)
        guard let outcome = try await store.acknowledge(
            notificationID: id, by: user, comment: comment, writeBack: writeBack, withdrawOn: withdrawOn, at: clock.now()
        ) else {
            throw UseCaseError.notFound("Notification")
        }
        if outcome.isNew {
            if !withdrawOn.isEmpty { wake() }
            acknowledged(notification.map { outcome.acknowledgement.at.timeIntervalSince($0.timestamp) } ?? 0)
            logger.info("notification acknowledged", metadata: ["notification": "\(id)", "by": "\(user.username)"])
        }
        return outcome
    }

    /// Whether acknowledging this notification tells its source: an alarm
    /// still firing, from the kind of source its service writes back to.
    /// A resolved alarm needs no silence (and Phoebus has nothing to
    /// acknowledge once it is OK).
    func writesBack(_ notification: NotificationRecord?) async throws -> Bool {
        guard let notification, notification.alarm == .firing else { return false }
        return try await store.serviceWriteBack(serviceID: notification.serviceID)?.writesBack(key: notification.key) ?? false
    }

    /// The "Acknowledge" action of a notification pushed to a device (its
    /// capability checked by the edge): as the device's owner now, who must
    /// hold the notification and be active, with no comment.
    public func acknowledge(
        _ id: NotificationID, fromDevice deviceID: Int64, logger: Logger
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool) {
        guard let owner = try await store.owner(ofDevice: deviceID), owner.isActive else { throw UseCaseError.notFound("Notification") }
        return try await acknowledge(id, comment: nil, by: owner, logger: logger)
    }

    /// Withdraws a notification's acknowledgement: its author, or an admin.
    public func withdraw(_ id: NotificationID, by user: User, logger: Logger) async throws {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot acknowledge notifications") }
        try brake.take(user)
        // Someone who never received it learns nothing about it, not even who took it.
        if !user.isAdmin, try await store.inboxItems(notificationID: id, userIDs: [user.id])[user.id] == nil {
            throw UseCaseError.notFound("Notification")
        }
        guard let existing = try await store.acknowledgements(of: [id])[id] else { throw UseCaseError.notFound("Acknowledgement") }
        guard existing.userID == user.id || user.isAdmin else {
            throw UseCaseError.forbidden("Only \(existing.username) or an admin can withdraw this acknowledgement")
        }
        guard let removed = try await store.withdrawAcknowledgement(notificationID: id, at: clock.now()) else { return }
        withdrawn()
        logger.info(
            "acknowledgement withdrawn", metadata: ["notification": "\(id)", "by": "\(user.username)", "acknowledged_by": "\(removed.username)"]
        )
    }
}
