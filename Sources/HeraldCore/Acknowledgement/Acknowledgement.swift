import Foundation

/// Someone saying "I have it" about a notification they received: the
/// first one counts, everyone who received it sees who, and it can be
/// withdrawn by its author or an admin.
public struct Acknowledgement: Sendable, Equatable {
    public var notificationID: NotificationID
    /// Nil once the account is deleted; `username` stays, so the record of
    /// who took the alarm outlives the account.
    public var userID: UserID?
    public var username: String
    public var comment: String?
    public var at: Date

    public init(notificationID: NotificationID, userID: UserID?, username: String, comment: String?, at: Date) {
        self.notificationID = notificationID
        self.userID = userID
        self.username = username
        self.comment = comment
        self.at = at
    }
}

/// What a new acknowledgement does besides being recorded, decided by the
/// use case (`Acknowledgements`) and carried out by the store in the same
/// transaction.
public struct AcknowledgementEffects: Sendable, Equatable {
    /// Ask for the alarm's source to be told (`WriteBackStore`): a fresh
    /// goal, even after an earlier withdrawal.
    public var writeBack: Bool
    /// Take down what the devices of `withdrawFrom` on these platforms
    /// show: a withdrawal (`DeliveryPurpose.withdrawal`) to each device that
    /// has not had one for this notification (a device gets at most one,
    /// however often the notification is acknowledged and withdrawn).
    public var withdrawOn: [Platform]
    /// Whose devices: its holders, always (what a device shows is taken
    /// down where it was shown; a large audience's fan-out job walks the
    /// same holders, and "large" is their count).
    public var withdrawFrom: Audience { .holders }
    /// End the notification's running escalation now (`EscalationEnd.acknowledged`,
    /// with an `EscalationEvent` naming who).
    public var endsEscalation: Bool
    /// Queue the withdrawals through a fan-out job (`FanoutJob.Kind.withdrawal`)
    /// rather than in this transaction: the audience is large.
    public var withdrawalsAsFanout: Bool

    public init(
        writeBack: Bool = false, withdrawOn: [Platform] = [], endsEscalation: Bool = false, withdrawalsAsFanout: Bool = false
    ) {
        self.writeBack = writeBack
        self.withdrawOn = withdrawOn
        self.endsEscalation = endsEscalation
        self.withdrawalsAsFanout = withdrawalsAsFanout
    }
}

/// Where acknowledgements are kept. Each change marks every holder's inbox
/// item changed and signals the live streams (`InboxSignal.published`), in
/// the same transaction, so everyone who received it sees it at once.
public protocol AcknowledgementStore: Sendable {
    /// Records `user`'s acknowledgement unless the notification has one;
    /// answers the one it has now (theirs or the earlier one) and whether
    /// this call made it. Nil when the user does not hold the notification
    /// in their inbox (never received it, or deleted it). A new one also
    /// carries out `effects` in the same transaction.
    func acknowledge(
        notificationID: NotificationID, by user: User, comment: String?, effects: AcknowledgementEffects, at: Date
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool)?
    /// Removes the notification's acknowledgement; the one removed, nil
    /// when it had none. A write-back it asked for is told to undo itself.
    /// With `resume`, an escalation its acknowledgement ended runs again
    /// from that step and time (recorded as resumed by `by`). The
    /// withdrawal is kept (who, when: `lastWithdrawal`).
    func withdrawAcknowledgement(notificationID: NotificationID, by: User, resume: EscalationPolicy.Due?, at: Date) async throws -> Acknowledgement?
    /// Who last withdrew the notification's acknowledgement, and when (a
    /// lock-screen link issued before someone else's withdrawal is refused).
    /// The account's id is nil once it is deleted.
    func lastWithdrawal(notificationID: NotificationID) async throws -> (userID: UserID?, username: String, at: Date)?
    /// The acknowledgements of these notifications (those that have one).
    func acknowledgements(of ids: [NotificationID]) async throws -> [NotificationID: Acknowledgement]
    /// How many hold the notification in their inbox, and how many of them
    /// read it (the delivery report's "what happened to it").
    func readership(notificationID: NotificationID) async throws -> (recipients: Int, read: Int)
    /// The account a device belongs to now (a Web Push notification's
    /// "Acknowledge" action acknowledges as them); nil for a removed device.
    func owner(ofDevice deviceID: Int64) async throws -> User?
}

extension InboxItem {
    /// These items with their notifications' acknowledgements (what every
    /// store's inbox reads attach).
    public static func attaching(_ acknowledgements: [NotificationID: Acknowledgement], to items: [InboxItem]) -> [InboxItem] {
        guard !acknowledgements.isEmpty else { return items }
        return items.map { item in
            var item = item
            item.acknowledgement = acknowledgements[item.notification.id]
            return item
        }
    }
}

extension InboxChange {
    /// These changes with their items' acknowledgements.
    public static func attaching(_ acknowledgements: [NotificationID: Acknowledgement], to changes: [InboxChange]) -> [InboxChange] {
        guard !acknowledgements.isEmpty else { return changes }
        return changes.map { change in
            guard let item = change.item else { return change }
            return InboxChange(.upserted(InboxItem.attaching(acknowledgements, to: [item])[0]), at: change.at)
        }
    }
}
