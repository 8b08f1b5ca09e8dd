import Foundation
import HeraldCore
import Logging

/// Follows ntfy, Pushover and chat messages after they went (issue 43):
/// once the alarm is taken (in Herald, by a reply, by Pushover's own
/// acknowledgement) or resolved, the ntfy message is replaced by what
/// became of it and cleared, and a Pushover emergency stops repeating; a
/// Pushover acknowledgement, read from its receipt (a Matrix reaction,
/// likewise), acknowledges as the person through the one `Acknowledgements`
/// use case. A Slack, Mattermost or Matrix direct message is edited to say
/// who took its alarm, and back to the alarm (a new button) when that
/// acknowledgement is withdrawn, until the alarm is resolved.
///
/// Each sweep leases the due follow-ups (`ContactFollowUpStore`), so
/// replicas share them; what to do with each is `ContactFollowUpDecision`'s.
public struct ContactFollowUps: Sendable {
    public typealias Store = ContactFollowUpStore & ContactStore & NotificationStore & AcknowledgementStore & LanguageStore
    let store: any Store
    let acknowledgements: Acknowledgements
    let client: any PhoneAppFollowUpClient
    let pushover: PushoverSettings?
    let matrix: MatrixSettings?
    let clock: WallClock
    /// What an ended message says, for people who chose no language (`DEFAULT_LANGUAGE`).
    let defaultLanguage: Language
    /// How long a sweep may hold what it claimed.
    static let lease: TimeInterval = 60

    public init(
        store: any Store, acknowledgements: Acknowledgements, client: any PhoneAppFollowUpClient, pushover: PushoverSettings?, matrix: MatrixSettings? = nil,
        clock: WallClock, defaultLanguage: Language = .en
    ) {
        self.defaultLanguage = defaultLanguage
        self.matrix = matrix
        self.store = store
        self.acknowledgements = acknowledgements
        self.client = client
        self.pushover = pushover
        self.clock = clock
    }

    /// Works the due follow-ups, up to `limit`; how many it took.
    @discardableResult
    public func sweep(limit: Int = 100, logger: Logger) async throws -> Int {
        let now = clock.now()
        let due = try await store.claimFollowUps(now: now, until: now.addingTimeInterval(Self.lease), limit: limit)
        guard !due.isEmpty else { return 0 }
        let ids = Array(Set(due.map(\.notificationID)))
        let taken = try await store.acknowledgements(of: ids)
        let addresses = try await store.contactAddresses(methodIDs: Array(Set(due.map(\.methodID))))
        let languages = try await store.languages(of: due.map(\.userID))
        var notifications: [NotificationID: NotificationRecord] = [:]
        var withdrawals: [NotificationID: (userID: UserID?, at: Date)] = [:]
        // Only direct messages' decisions read it (a button from before someone else's withdrawal answers an older message).
        let editedBack = Set(due.filter { ContactFollowUpDecision.editsBack($0.platform) }.map(\.notificationID))
        for id in ids {
            notifications[id] = try await store.notification(id: id)
            if editedBack.contains(id), let withdrawal = try await store.lastWithdrawal(notificationID: id) {
                withdrawals[id] = (withdrawal.userID, withdrawal.at)
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for followUp in due {
                let notification = notifications[followUp.notificationID]
                let acknowledgement = taken[followUp.notificationID]
                let address = addresses[followUp.methodID]
                let language = languages[followUp.userID] ?? defaultLanguage
                let withdrawal = withdrawals[followUp.notificationID]
                group.addTask {
                    await work(
                        followUp, notification: notification, acknowledgement: acknowledgement, withdrawal: withdrawal, address: address, language: language,
                        logger: logger
                    )
                }
            }
        }
        return due.count
    }

    private func work(
        _ followUp: ContactFollowUp, notification: NotificationRecord?, acknowledgement: Acknowledgement?, withdrawal: (userID: UserID?, at: Date)?,
        address: String?, language: Language, logger: Logger
    ) async {
        let now = clock.now()
        var metadata: Logger.Metadata = ["delivery": "\(followUp.deliveryID)", "notification": "\(followUp.notificationID)", "platform": "\(followUp.platform.rawValue)"]
        do {
            switch ContactFollowUpDecision.decide(
                followUp, notification: notification, acknowledgement: acknowledgement, now: now, pushover: pushover, matrix: matrix, language: language,
                withdrawal: withdrawal
            ) {
            case .forget(let reason):
                logger.debug("follow-up ended", metadata: metadata.merging(["why": "\(reason)"]) { $1 })
                try await store.finishFollowUps([followUp.deliveryID])
            case .wait(let until):
                try await store.deferFollowUp(followUp.deliveryID, checks: followUp.checks + 1, next: until, now: now)
            case .end(let outcome):
                try await end(followUp, notification: notification, acknowledgement: acknowledgement, outcome: outcome, address: address, language: language)
                try await store.finishFollowUps([followUp.deliveryID])
                logger.info("followed message ended", metadata: metadata)
            case .show where address == nil || notification == nil, .reopen where address == nil || notification == nil:
                // The method was removed since (or the notification is gone): its chat is not written to any more.
                try await store.finishFollowUps([followUp.deliveryID])
            case .show(let outcome):
                try await markEditing(followUp)
                try await end(followUp, notification: notification, acknowledgement: acknowledgement, outcome: outcome, address: address, language: language)
                try await store.showFollowUp(followUp.deliveryID, shown: outcome, sentAt: followUp.sentAt, editedAt: now, answersAfter: followUp.answersAfter)
                // Looked at again at once: the next look waits (or finds it withdrawn meanwhile).
                try await store.deferFollowUp(followUp.deliveryID, checks: followUp.checks + 1, next: now, now: now)
                logger.info("followed message shows who took its alarm", metadata: metadata)
            case .reopen:
                guard let notification else { return try await store.finishFollowUps([followUp.deliveryID]) }
                try await markEditing(followUp)
                let (reopenedAt, answersAfter) = try await reopen(followUp, notification: notification, withdrawal: withdrawal, language: language, at: now)
                try await store.showFollowUp(followUp.deliveryID, shown: "", sentAt: reopenedAt, editedAt: now, answersAfter: answersAfter)
                try await store.deferFollowUp(
                    followUp.deliveryID, checks: 0,
                    next: ContactFollowUpDecision.firstCheck(followUp.platform, sentAt: now, pushover: pushover, matrix: matrix), now: now
                )
                logger.info("followed message edited back to its alarm (its acknowledgement was withdrawn)", metadata: metadata)
            case .readReceipt:
                try await readReceipt(followUp, address: address, logger: logger)
            }
        } catch {
            // The provider or the database failed: tried again later, never dropped for it.
            metadata["error"] = "\(String(describing: error).prefix(300))"
            logger.warning("follow-up failed; tried again shortly", metadata: metadata)
            try? await store.deferFollowUp(
                followUp.deliveryID, checks: followUp.checks + 1, next: ContactFollowUpDecision.nextCheck(followUp, now: now, pushover: pushover, matrix: matrix),
                now: now
            )
        }
    }

    private func end(
        _ followUp: ContactFollowUp, notification: NotificationRecord?, acknowledgement: Acknowledgement?, outcome: String, address: String?, language: Language
    ) async throws {
        let title = notification?.title ?? ""
        switch followUp.platform {
        case .ntfy:
            // A method removed since: its topic is not written to any more.
            guard let address else { return }
            try await client.end(ntfyTopic: address, with: .ended(title: title, outcome: outcome, notification: followUp.notificationID))
        case .matrix:
            // A method removed since: its chat is not written to any more.
            guard address != nil, let receipt = followUp.receipt else { return }
            try await client.edit(
                matrixReceipt: receipt, with: .ended(title: title, outcome: outcome, notification: followUp.notificationID), acknowledgeable: false,
                edit: ContactFollowUpDecision.editName(followUp, shown: outcome)
            )
        case .slack, .mattermost:
            // The direct message says what became of its alarm, its button gone (a method removed since: left as it is).
            guard address != nil, let receipt = followUp.receipt, let notification else { return }
            try await client.edit(
                directMessage: receipt, on: followUp.platform,
                with: ChatMessage.of(notification, acknowledgement: acknowledgement, answersBack: false, language: language), button: nil
            )
        case .pushover:
            if let receipt = followUp.receipt {
                try await client.cancel(receipt: receipt)
            } else {
                // The answer with its receipt was lost: every emergency of the notification is cancelled by its tag.
                try await client.cancel(tag: PhoneAppMessage.pushoverTag(followUp.notificationID))
            }
        default:
            return
        }
    }

    /// Kept before an edit is asked for (`ContactFollowUp.editing`): an
    /// edit that lands without its record is made again to what is true.
    private func markEditing(_ followUp: ContactFollowUp) async throws {
        try await store.showFollowUp(
            followUp.deliveryID, shown: ContactFollowUp.editing, sentAt: followUp.sentAt, editedAt: followUp.editedAt, answersAfter: followUp.answersAfter
        )
    }

    /// A direct message edited back to its alarm, as it was sent (its
    /// severity as the rule's step made it is not known here: the
    /// notification's own), with a way to take it if it had one: a button
    /// signed for the moment it was made the alarm again, so a press of the
    /// old one takes nothing after someone else's withdrawal. That moment is
    /// after the withdrawal even on a replica whose clock is behind the
    /// withdrawing one's. A Matrix message's answers there now (the ✅
    /// that took it before) take nothing: the latest of their times (the
    /// homeserver's) is kept.
    private func reopen(
        _ followUp: ContactFollowUp, notification: NotificationRecord, withdrawal: (userID: UserID?, at: Date)?, language: Language, at now: Date
    ) async throws -> (reopenedAt: Date, answersAfter: Date?) {
        // The sweep read the withdrawal just now, for this decision.
        let reopenedAt = withdrawal.map { max(now, $0.at.addingTimeInterval(0.001)) } ?? now
        guard let receipt = followUp.receipt else { return (reopenedAt, followUp.answersAfter) }
        switch followUp.platform {
        case .matrix:
            let existing = followUp.answersBack ? try await client.answers(matrixReceipt: receipt).map(\.at).max() : nil
            let message = PhoneAppMessage.compose(
                title: notification.title, text: notification.draft.subtitle, url: notification.draft.url, severity: notification.severity,
                urgency: UrgencyTable.standard.urgency(for: notification.severity), call: false, acknowledgeURL: nil,
                notification: notification.id, language: language
            )
            try await client.edit(
                matrixReceipt: receipt, with: message, acknowledgeable: followUp.answersBack, edit: ContactFollowUpDecision.editName(followUp, shown: "")
            )
            return (reopenedAt, [followUp.answersAfter, existing].compactMap { $0 }.max())
        case .slack, .mattermost:
            try await client.edit(
                directMessage: receipt, on: followUp.platform,
                with: ChatMessage.of(notification, acknowledgement: nil, answersBack: followUp.answersBack, language: language),
                button: followUp.answersBack ? DirectMessageButton(method: followUp.methodID, notification: followUp.notificationID, sentAt: reopenedAt) : nil
            )
            return (reopenedAt, followUp.answersAfter)
        default:
            return (reopenedAt, followUp.answersAfter)
        }
    }

    /// A Pushover emergency's receipt, read and acted on as
    /// `ContactFollowUpDecision.afterReceipt` says: acknowledged there by
    /// the person's key, it acknowledges in Herald as them (a method
    /// removed or no longer theirs takes nothing).
    private func readReceipt(_ followUp: ContactFollowUp, address: String?, logger: Logger) async throws {
        guard let receipt = followUp.receipt else { return try await store.finishFollowUps([followUp.deliveryID]) }
        let now = clock.now()
        let plan: ContactFollowUpDecision.ReceiptPlan
        var answers: [ChatReaction] = []
        if followUp.platform == .matrix {
            guard let address else { return try await store.finishFollowUps([followUp.deliveryID]) }
            answers = try await client.answers(matrixReceipt: receipt)
            plan = ContactFollowUpDecision.afterReactions(answers, followUp, sentTo: address, now: now, matrix: matrix)
        } else {
            plan = ContactFollowUpDecision.afterReceipt(try await client.readReceipt(receipt), followUp, sentTo: address, now: now, pushover: pushover)
        }
        switch plan {
        case .acknowledge:
            var taken = false
            let methods = try await store.contactMethods(userID: followUp.userID)
            if let method = methods.first(where: { $0.id == followUp.methodID && $0.kind.platform == followUp.platform && $0.isVerified }) {
                do {
                    let comment = followUp.platform == .matrix ? "by a reaction in Matrix" : "acknowledged in Pushover"
                    let (acknowledgement, isNew) = try await acknowledgements.acknowledge(
                        fromReplyOf: method, notification: followUp.notificationID, sentAt: followUp.sentAt, comment: comment, logger: logger
                    )
                    taken = true
                    logger.info(
                        "acknowledgement from a followed message taken", metadata: ["notification": "\(followUp.notificationID)", "by": "\(acknowledgement.username)", "new": "\(isNew)"]
                    )
                } catch let error as UseCaseError {
                    // Braked (the person's changes, over their minute's share): read again later, not passed over.
                    if case .braked = error { throw error }
                    logger.notice("acknowledgement from a followed message refused", metadata: ["notification": "\(followUp.notificationID)", "why": "\(error)"])
                }
            }
            if followUp.platform == .matrix, taken {
                // Looked at again at once: taken now, its message is edited to say by whom.
                try await store.deferFollowUp(followUp.deliveryID, checks: followUp.checks + 1, next: now, now: now)
            } else if followUp.platform == .matrix {
                // Refused (not a responder, someone withdrew since): still followed, to be edited when the alarm is
                // taken or ends, but the answers read are not tried again and again.
                if let latest = answers.map(\.at).max() { try await store.passFollowUpAnswers(followUp.deliveryID, after: latest) }
                try await store.deferFollowUp(
                    followUp.deliveryID, checks: followUp.checks + 1, next: ContactFollowUpDecision.nextCheck(followUp, now: now, pushover: pushover, matrix: matrix),
                    now: now
                )
            } else {
                // Pushover's emergency ended with its own acknowledgement: nothing left to stop. A refused
                // acknowledgement (not a responder, someone withdrew since) is not read again and again.
                try await store.finishFollowUps([followUp.deliveryID])
            }
        case .forget(let reason):
            logger.info("Pushover follow-up ended", metadata: ["notification": "\(followUp.notificationID)", "why": "\(reason)"])
            try await store.finishFollowUps([followUp.deliveryID])
        case .wait(let until):
            try await store.deferFollowUp(followUp.deliveryID, checks: followUp.checks + 1, next: until, now: now)
        }
    }
}
