import Foundation
import HeraldCore
import Logging

/// "I have it": a recipient acknowledges a notification they received, the
/// first one wins and everyone who received it sees who (the store signals
/// their live streams); the acknowledger or an admin withdraws it. On a
/// handled service (an escalation policy or a write-back target) only the
/// alarm's responders may do either (`AlarmResponders`, issue 39): others
/// who hold it see it and its state. One rule for the JSON API, the web
/// inbox and the lock-screen link: the demo account, whose password app
/// reviewers share, may not take a site's alarms; each acknowledgement and
/// withdrawal draws on the user's change budget; each is logged with who
/// did it. An acknowledgement of an alarm still open, on a service whose
/// admin asked for it, is sent back to the alarm's source
/// (`WriteBackTarget`), ends its escalation and takes it down on every
/// holder's device, in the same transaction as the acknowledgement; a
/// withdrawal of one whose alarm still fires resumes its escalation.
public struct Acknowledgements: Sendable {
    public typealias Store = AcknowledgementStore & NotificationStore & ServiceWriteBackStore & EscalationStore & RotaStore & ServiceStore
        & AccountStore & AccessStore & AuditStore
    let store: any Store
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
    /// A notification held by more than this many (FANOUT_INLINE_SUBSCRIBERS)
    /// has its withdrawals queued by a fan-out job, not in the acknowledgement.
    let inlineAudience: Int
    /// Wakes this process's fan-out service for such a job.
    let wakeFanouts: @Sendable () -> Void
    /// Told of each first acknowledgement: the messages followed after they
    /// went (an ntfy message, a Pushover emergency, issue 43) are made due.
    let followUp: @Sendable (NotificationID) async -> Void
    /// Comments are what an on-call engineer types on a phone; a page's worth.
    public static let maxCommentLength = 1_000
    /// Whether each service is handled (a policy or a write-back), kept 5 s:
    /// the live inbox asks for every item it sends.
    private let handled = KeyedCache<UUID, Bool>(ttl: 5, capacity: 10_000)
    /// Each acknowledgement and withdrawal is answered for (the audit log).
    let audit: AuditTrail
    /// Each handled notification's responders, kept 5 s for what pages and
    /// streams offer (an acknowledgement itself reads them afresh): one
    /// change sent to many open streams reads them once.
    private let shownResponders = KeyedCache<NotificationID, AlarmResponders>(ttl: 5, capacity: 10_000)

    public init(
        store: any Store, visibility: ServiceVisibility, brake: UserChangeBrake, clock: WallClock,
        acknowledged: @escaping @Sendable (TimeInterval) -> Void = { _ in }, withdrawn: @escaping @Sendable () -> Void = {},
        withdrawOn: [Platform] = [], wake: @escaping @Sendable () -> Void = {}, inlineAudience: Int = 1_000,
        wakeFanouts: @escaping @Sendable () -> Void = {}, followUp: @escaping @Sendable (NotificationID) async -> Void = { _ in }
    ) {
        self.followUp = followUp
        self.inlineAudience = inlineAudience
        self.wakeFanouts = wakeFanouts
        self.withdrawOn = withdrawOn
        self.wake = wake
        self.store = store
        self.visibility = visibility
        self.brake = brake
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        self.acknowledged = acknowledged
        self.withdrawn = withdrawn
    }

    /// How late an acknowledgement made offline may arrive and still count.
    public static let lateDecisionLimit: TimeInterval = 12 * 3600

    /// Acknowledges a notification in `user`'s inbox; answers the
    /// notification's acknowledgement (this one, or the one that came
    /// first) and whether this call made it. `decidedAt`: when the person
    /// pressed the button, for one made offline and sent late (issue 43):
    /// refused when someone else withdrew an acknowledgement since (they
    /// put it back in play deliberately), and when older than
    /// `Self.lateDecisionLimit`.
    public func acknowledge(
        _ id: NotificationID, comment: String?, by user: User, from address: String? = nil, decidedAt: Date? = nil, logger: Logger
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool) {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot acknowledge notifications") }
        let comment = comment.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        if let comment, let problem = TextRules.problem(comment, maxLength: Self.maxCommentLength) {
            throw UseCaseError.rejected([FieldProblem(field: "comment", message: problem.message, type: problem.type)])
        }
        try brake.take(user)
        // Someone who never received it learns nothing about it (the store answers nil below too).
        guard let notification = try await store.notification(id: id),
            try await store.inboxItems(notificationID: id, userIDs: [user.id])[user.id] != nil,
            try await sees(notification, user)
        else { throw UseCaseError.notFound("Notification") }
        try await requireResponder(user, for: notification)
        if let decidedAt {
            if let taken = try await store.acknowledgements(of: [id])[id] { return (taken, false) }
            guard clock.now().timeIntervalSince(decidedAt) <= Self.lateDecisionLimit else {
                throw UseCaseError.conflict("This acknowledgement was made offline over \(Int(Self.lateDecisionLimit / 3600)) hours ago: acknowledge again if it still stands")
            }
            if let withdrawal = try await store.lastWithdrawal(notificationID: id), withdrawal.userID != user.id, withdrawal.at >= decidedAt {
                throw UseCaseError.conflict("\(withdrawal.username) withdrew its acknowledgement after you acknowledged it offline: acknowledge again if it still stands")
            }
        }
        let writeBack = try await writesBack(notification)
        let escalation = try await store.escalation(notificationID: id)
        // A large audience's withdrawals are bulk work for the fan-out job, not this request's transaction.
        let large = withdrawOn.isEmpty ? false : try await store.readership(notificationID: id).recipients > inlineAudience
        let effects = AcknowledgementEffects(
            writeBack: writeBack, withdrawOn: withdrawOn, endsEscalation: escalation != nil && escalation?.ended == nil, withdrawalsAsFanout: large
        )
        guard let outcome = try await store.acknowledge(notificationID: id, by: user, comment: comment, effects: effects, at: clock.now()) else {
            throw UseCaseError.notFound("Notification")
        }
        if outcome.isNew {
            if large { wakeFanouts() } else if !withdrawOn.isEmpty { wake() }
            await followUp(id)
            acknowledged(outcome.acknowledgement.at.timeIntervalSince(notification.timestamp))
            logger.info("notification acknowledged", metadata: ["notification": "\(id)", "by": "\(user.username)"])
            await audit.record(
                .acknowledged, by: AuditTrail.Who(id: user.id, name: user.username, address: address), service: notification.serviceID,
                target: "notification \(id) \(String(reflecting: String(notification.title.prefix(80))))", after: comment.map { AuditTrail.json(["comment": $0]) },
                logger: logger
            )
        }
        return outcome
    }

    /// Which of these notifications nobody has acknowledged.
    public func unacknowledged(_ ids: [NotificationID]) async throws -> Set<NotificationID> {
        guard !ids.isEmpty else { return [] }
        let taken = try await store.acknowledgements(of: ids)
        return Set(ids.filter { taken[$0] == nil })
    }

    /// Who acknowledged a notification, if anyone.
    public func taker(of id: NotificationID) async throws -> String? {
        try await store.acknowledgements(of: [id])[id]?.username
    }

    /// Who may take this notification (everyone who holds it, unless its
    /// service is handled).
    public func responders(of notification: NotificationRecord) async throws -> AlarmResponders {
        try await AlarmResponders.read(
            serviceID: notification.serviceID, notificationID: notification.id, from: store, name: { try await store.user(id: $0)?.username }, now: clock.now()
        )
    }

    /// Whether `user` may take it (acknowledge, or withdraw an acknowledgement).
    public func mayTake(_ notification: NotificationRecord, by user: User) async throws -> Bool {
        guard !visibility.isConfined(user) else { return false }
        let responders = try await responders(of: notification)
        return responders.allows(user, subscribed: try await subscribes(user, to: notification.serviceID, if: responders.subscribersCalled))
    }

    /// Of these notifications, those `user` may take (the web inbox offers
    /// its buttons on those only); each service's policy read once.
    public func takeable(_ notifications: [NotificationRecord], by user: User) async throws -> Set<NotificationID> {
        guard !visibility.isConfined(user) else { return [] }
        var mine: Set<NotificationID> = []
        let now = clock.now()
        for notification in notifications {
            let isHandled = try await handled.value(of: notification.serviceID, now: now) { id in
                let policy = try await store.escalationPolicy(serviceID: id)
                let writeBack = try await store.serviceWriteBack(serviceID: id)
                return policy != nil || writeBack != nil
            }
            if user.isAdmin || !isHandled {
                mine.insert(notification.id)
                continue
            }
            let known = try await shownResponders.value(of: notification.id, now: now) { _ in try await self.responders(of: notification) }
            if known.allows(user, subscribed: try await subscribes(user, to: notification.serviceID, if: known.subscribersCalled)) {
                mine.insert(notification.id)
            }
        }
        return mine
    }

    /// Whether the user may see the notification's service (a private
    /// one's is nowhere for someone without a role of it, issue 41).
    private func sees(_ notification: NotificationRecord, _ user: User) async throws -> Bool {
        guard let service = try await store.service(id: notification.serviceID) else { return false }
        return try await visibility.isVisible(service, to: user)
    }

    private func requireResponder(_ user: User, for notification: NotificationRecord) async throws {
        let responders = try await responders(of: notification)
        guard responders.allows(user, subscribed: try await subscribes(user, to: notification.serviceID, if: responders.subscribersCalled)) else {
            throw UseCaseError.forbidden(responders.refusal)
        }
    }

    private func subscribes(_ user: User, to serviceID: UUID, if needed: Bool) async throws -> Bool {
        guard needed else { return false }
        return try await store.userServices(userID: user.id).contains { $0.service.id == serviceID && $0.isSubscribed }
    }

    /// Whether acknowledging this notification tells its source: an alarm
    /// still firing, from the kind of source its service writes back to.
    /// A resolved alarm needs no silence (and Phoebus has nothing to
    /// acknowledge once it is OK).
    func writesBack(_ notification: NotificationRecord?) async throws -> Bool {
        guard let notification, notification.alarm == .firing else { return false }
        return try await store.serviceWriteBack(serviceID: notification.serviceID)?.writesBack(notification.alarmIdentity) ?? false
    }

    /// The "Acknowledge" action of a notification pushed to a device (its
    /// signature checked by the edge), with no comment, as the account it
    /// was issued to (issue 39): refused (404, saying why) once `lifetime`
    /// (ACKNOWLEDGE_LINK_HOURS, as set now) has passed since it was issued,
    /// once the account signed out everywhere (or changed its password, or
    /// was disabled) since, once the device is not that account's any more,
    /// once the alarm is resolved or acknowledged (a replay), or once
    /// anyone withdrew an acknowledgement after the link was issued: a
    /// link takes an alarm at most once (issue 43: ntfy messages carry it).
    public func acknowledge(
        fromLink claim: AcknowledgeCapability.Claim, lifetime: TimeInterval, from address: String? = nil, logger: Logger
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool) {
        func refused(_ why: String) -> UseCaseError {
            logger.notice("acknowledge link refused", metadata: ["notification": "\(claim.notificationID)", "why": "\(why)"])
            return UseCaseError.notFound("Acknowledge link (\(why))")
        }
        guard claim.expiresAt(lifetime: lifetime) > clock.now() else { throw refused("it has expired") }
        guard let owner = try await store.owner(ofDevice: claim.deviceID), owner.id == claim.userID, owner.isActive else {
            throw refused("its device is no longer its account's")
        }
        if let revoked = owner.tokensRevokedAt, revoked >= claim.issuedAt { throw refused("its account signed out everywhere since") }
        guard let notification = try await store.notification(id: claim.notificationID) else { throw refused("no such notification") }
        guard notification.alarm != .resolved else { throw refused("the alarm is resolved") }
        if let taken = try await store.acknowledgements(of: [notification.id])[notification.id] {
            throw refused("\(taken.username) acknowledged it already")
        }
        // A link takes an alarm once: after any withdrawal since it was
        // made (its own person's too) it is spent, so a copy of it (an ntfy
        // topic's cache keeps its messages) cannot take it again.
        if let withdrawal = try await store.lastWithdrawal(notificationID: notification.id), withdrawal.at >= claim.issuedAt {
            throw refused("\(withdrawal.username) withdrew an acknowledgement since it was made")
        }
        return try await acknowledge(notification.id, comment: nil, by: owner, from: address, logger: logger)
    }

    /// A reply to a text or a call (issue 42), matched by `ContactReplies`
    /// to the notification it answers, as the person whose verified method
    /// it came from: refused while that method's device is not theirs any
    /// more or the account is disabled, and once the alarm is resolved;
    /// otherwise the acknowledgement every way in makes.
    public func acknowledge(
        fromReplyOf method: ContactMethod, notification id: NotificationID, sentAt: Date, comment: String?, logger: Logger
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool) {
        guard let device = method.deviceID, let owner = try await store.owner(ofDevice: device), owner.id == method.userID, owner.isActive else {
            throw UseCaseError.notFound("Contact method (no longer its account's)")
        }
        guard let notification = try await store.notification(id: id) else { throw UseCaseError.notFound("Notification") }
        if let taken = try await store.acknowledgements(of: [id])[id] { return (taken, false) }
        guard notification.alarm != .resolved else { throw UseCaseError.conflict("The alarm is resolved") }
        // Someone else put it back in play after the text went: a late answer (or a replayed one) does not take it again.
        if let withdrawal = try await store.lastWithdrawal(notificationID: id), withdrawal.userID != owner.id, withdrawal.at >= sentAt {
            throw UseCaseError.conflict("\(withdrawal.username) withdrew its acknowledgement after the text was sent")
        }
        return try await acknowledge(id, comment: comment, by: owner, from: "\(method.kind.rawValue) \(method.hint)", logger: logger)
    }

    /// Withdraws a notification's acknowledgement: its author, or an admin
    /// (a responder, on a handled service). An escalation the acknowledgement
    /// ended resumes while its alarm still fires.
    public func withdraw(_ id: NotificationID, by actor: Actor, logger: Logger) async throws {
        let user = actor.user
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot acknowledge notifications") }
        try brake.take(user)
        // Someone who never received it learns nothing about it, not even who took it.
        if !user.isAdmin, try await store.inboxItems(notificationID: id, userIDs: [user.id])[user.id] == nil {
            throw UseCaseError.notFound("Notification")
        }
        guard let notification = try await store.notification(id: id), try await sees(notification, user) else { throw UseCaseError.notFound("Notification") }
        guard let existing = try await store.acknowledgements(of: [id])[id] else { throw UseCaseError.notFound("Acknowledgement") }
        guard existing.userID == user.id || actor.may(.withdrawAcknowledgement(of: notification.serviceID)) else {
            throw UseCaseError.forbidden("Only \(existing.username), an owner of its service or an admin can withdraw this acknowledgement")
        }
        try await requireResponder(user, for: notification)
        let now = clock.now()
        let resume = EscalationDecision.resumption(of: try await store.escalation(notificationID: id), alarm: notification.alarm, now: now)
        guard let removed = try await store.withdrawAcknowledgement(notificationID: id, by: user, resume: resume, at: now) else { return }
        withdrawn()
        // Its chat posts get their button back (and followed messages look again).
        await followUp(id)
        logger.info(
            "acknowledgement withdrawn",
            metadata: [
                "notification": "\(id)", "by": "\(user.username)", "acknowledged_by": "\(removed.username)",
                "escalation": "\(resume.map { "resumed at step \($0.step + 1)" } ?? "none resumed")",
            ]
        )
        await audit.record(
            .acknowledgementWithdrawn, by: actor.auditWho, service: notification.serviceID, target: "notification \(id) \(String(reflecting: String(notification.title.prefix(80))))",
            before: AuditTrail.json(["acknowledged_by": removed.username]), logger: logger
        )
    }
}
