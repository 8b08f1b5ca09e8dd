import Crypto
import Foundation

/// What to do with a followed message now (issue 43), decided from what
/// became of its notification; the follow-up service only carries it out.
public enum ContactFollowUpDecision {
    public enum Plan: Sendable, Equatable {
        /// The alarm was taken or is resolved: the ntfy message is replaced
        /// by this outcome and cleared; Pushover's emergency is cancelled
        /// (by its receipt, or by the notification's tag when the receipt
        /// was never known).
        case end(outcome: String)
        /// A Slack, Mattermost or Matrix direct message whose alarm was
        /// taken: edited to say by whom (its button gone) and still
        /// followed, since the acknowledgement can be withdrawn.
        case show(outcome: String)
        /// A direct message edited to say who took its alarm, whose
        /// acknowledgement was withdrawn: edited back to the alarm, with a
        /// new button (an answer from before now takes nothing).
        case reopen
        /// A Pushover emergency still repeating: read its receipt.
        case readReceipt
        /// Nothing changed: look again then.
        case wait(until: Date)
        /// Nothing left to follow (the notification is gone, the emergency
        /// expired, a day has passed).
        case forget(reason: String)
    }

    /// What a read receipt says to do.
    public enum ReceiptPlan: Sendable, Equatable {
        /// Acknowledged in Pushover by the person's own key: their acknowledgement in Herald.
        case acknowledge
        case forget(reason: String)
        case wait(until: Date)
    }

    /// A direct message taken is followed for a week after it was last the
    /// alarm: an acknowledgement withdrawn within it makes it the alarm again.
    public static let takenHorizon: TimeInterval = 7 * 86_400
    /// The least time between two edits of one direct message: a flood of
    /// acknowledgements and withdrawals (a responder's loop) is one edit per
    /// message every few seconds, showing the latest state, not one per change.
    public static let editGap: TimeInterval = 5

    /// ntfy messages are followed for a day; an alarm open longer keeps its message.
    public static let ntfyHorizon: TimeInterval = 86_400
    /// The longest pause between two looks at an ntfy message: a backstop,
    /// since its notification's acknowledgement and every change to it
    /// (a resolution) make it due at once.
    public static let ntfyLongestPause: TimeInterval = 600

    /// Whether a message taken by its provider is followed: an ntfy, a
    /// Matrix, a Slack or a Mattermost one always (it is changed when its
    /// alarm ends; a Matrix one's answers are read, a Slack or Mattermost
    /// one's button calls Herald); a Pushover one when it is an emergency (it repeats until
    /// acknowledged or cancelled). The message is made only where it counts.
    public static func follows(_ platform: Platform, message: @autoclosure () -> PhoneAppMessage) -> Bool {
        switch platform {
        case .ntfy, .matrix, .slack, .mattermost: true
        case .pushover: message().pushoverPriority == 2
        default: false
        }
    }

    /// An edit, or a wait until `editGap` after the last one (what it will
    /// show is decided again then, from the state at that time).
    static func paced(_ plan: Plan, _ followUp: ContactFollowUp, now: Date) -> Plan {
        guard let edited = followUp.editedAt, now < edited.addingTimeInterval(editGap) else { return plan }
        // Never longer than the gap from now: an edit stamped by a replica whose clock is ahead holds nothing back for longer.
        return .wait(until: min(edited.addingTimeInterval(editGap), now.addingTimeInterval(editGap)))
    }

    /// Whether a message taken stays followed, to be edited back to its
    /// alarm when the acknowledgement is withdrawn: a chat's direct
    /// message can be (Slack, Mattermost, Matrix); a cleared ntfy message
    /// and a cancelled Pushover emergency cannot, so they end when taken.
    public static func editsBack(_ platform: Platform) -> Bool {
        platform == .slack || platform == .mattermost || platform == .matrix
    }

    /// One edit's name among a Matrix message's (its transaction): made
    /// from the message's previous edit, so the same edit tried again
    /// after a lost answer is the same, and the next one (after a
    /// withdrawal, another taker, the first taker again) is not.
    public static func editName(_ followUp: ContactFollowUp, shown: String) -> String {
        let since = Int64(((followUp.editedAt ?? followUp.sentAt).timeIntervalSince1970 * 1_000).rounded(.down))
        return "\(since)-" + (shown.isEmpty ? "open" : SHA256.hash(data: Data(shown.utf8)).prefix(6).hexEncoded)
    }

    /// When a message just sent is first looked at.
    public static func firstCheck(_ platform: Platform, sentAt: Date, pushover: PushoverSettings?, matrix: MatrixSettings? = nil) -> Date {
        switch platform {
        case .pushover: sentAt.addingTimeInterval(pushover?.pollSeconds ?? 5)
        case .matrix: sentAt.addingTimeInterval(matrix?.pollSeconds ?? 3)
        default: sentAt.addingTimeInterval(2)
        }
    }

    /// What to do with `followUp` now. `withdrawal` is the notification's
    /// last (who, when): someone else's since the message was last the
    /// alarm makes its button or ✅ answer an older message, so a message
    /// that offers one is made the alarm again (signed anew) even when it
    /// never showed the acknowledgement (taken and put back within a look,
    /// or within `editGap`).
    public static func decide(
        _ followUp: ContactFollowUp, notification: NotificationRecord?, acknowledgement: Acknowledgement?, now: Date, pushover: PushoverSettings?,
        matrix: MatrixSettings? = nil, language: Language = .en, withdrawal: (userID: UserID?, at: Date)? = nil
    ) -> Plan {
        guard let notification else { return .forget(reason: "the notification is gone") }
        let editsBack = editsBack(followUp.platform)
        // A direct message still followed after it was taken ends when the alarm does.
        if notification.alarm == .resolved, editsBack || acknowledgement == nil { return .end(outcome: Catalog.text("msg.resolved", language)) }
        if let acknowledgement {
            let outcome = Catalog.text("msg.acknowledgedBy", language, ["name": acknowledgement.username])
            guard editsBack else { return .end(outcome: outcome) }
            guard followUp.shown == outcome else { return paced(.show(outcome: outcome), followUp, now: now) }
            // Taken, and says so: looked at when it is withdrawn (which hastens it) or resolved, for a week.
            guard now.timeIntervalSince(followUp.sentAt) <= takenHorizon else { return .forget(reason: "followed for a week") }
            return .wait(until: now.addingTimeInterval(ntfyLongestPause))
        }
        if editsBack {
            let staleAnswer = followUp.answersBack && withdrawal.map { $0.userID != followUp.userID && $0.at >= followUp.sentAt } ?? false
            if !followUp.shown.isEmpty || staleAnswer {
                // Within a week of its last being the alarm (an open one is followed for a day, below).
                guard now.timeIntervalSince(followUp.sentAt) <= takenHorizon else { return .forget(reason: "followed for a week") }
                return paced(.reopen, followUp, now: now)
            }
        }
        switch followUp.platform {
        case .pushover:
            let expire = TimeInterval(pushover?.expireSeconds ?? 10_800)
            guard now.timeIntervalSince(followUp.sentAt) <= expire + 60 else { return .forget(reason: "Pushover's emergency expired") }
            // A receipt never known (the answer was lost): the emergency can still be ended by its tag.
            return followUp.receipt == nil ? .wait(until: nextCheck(followUp, now: now, pushover: pushover)) : .readReceipt
        case .matrix:
            // Its reactions are read (the event's id is its receipt) for a day; one that invites none has none to read.
            guard now.timeIntervalSince(followUp.sentAt) <= ntfyHorizon else { return .forget(reason: "followed for a day") }
            guard followUp.answersBack else { return .wait(until: now.addingTimeInterval(growingPause(followUp))) }
            return followUp.receipt == nil ? .wait(until: nextCheck(followUp, now: now, pushover: pushover, matrix: matrix)) : .readReceipt
        default:
            guard now.timeIntervalSince(followUp.sentAt) <= ntfyHorizon else { return .forget(reason: "followed for a day") }
            return .wait(until: nextCheck(followUp, now: now, pushover: pushover))
        }
    }

    /// A Pushover receipt read: acknowledged by the key it was sent to, it
    /// is the person's acknowledgement; acknowledged by another key (a
    /// group key's member) it takes nothing in Herald; expired, forgotten.
    public static func afterReceipt(
        _ receipt: PushoverReceipt, _ followUp: ContactFollowUp, sentTo key: String?, now: Date, pushover: PushoverSettings?
    ) -> ReceiptPlan {
        if receipt.acknowledged {
            guard let key, receipt.acknowledgedBy == key else { return .forget(reason: "acknowledged in Pushover by another key than the person's") }
            return .acknowledge
        }
        if receipt.expired { return .forget(reason: "Pushover's emergency expired") }
        return .wait(until: nextCheck(followUp, now: now, pushover: pushover))
    }

    /// The reactions and replies that take an alarm (a check mark, a thumbs
    /// up; "ack", "ok", "mine", "on it"), with or without the emoji variation
    /// selector, in any case; any other (👀, 👎, "not me") takes nothing.
    public static let acknowledgingReactions: Set<String> = ["✅", "✔", "☑", "👍", "ack", "ok", "mine", "on it", "taken"]

    /// A reaction's key without emoji variation selectors and skin tones
    /// (`👍🏽`, `✅️` as some clients send them, are 👍 and ✅).
    public static func plainReaction(_ key: String) -> String {
        String(String.UnicodeScalarView(key.unicodeScalars.filter { !(0xFE00...0xFE0F).contains($0.value) && !(0x1F3FB...0x1F3FF).contains($0.value) }))
            .lowercased()
    }

    /// A Matrix message's reactions and replies read (each with who sent
    /// it and when): one of `acknowledgingReactions` from the person it was
    /// sent to is their acknowledgement; anyone else's (a bot, someone
    /// invited in) takes nothing, nor one at or before `answersAfter` (a ✅
    /// that took it before a withdrawal, one refused already). Both times
    /// are the homeserver's.
    public static func afterReactions(
        _ reactions: [ChatReaction], _ followUp: ContactFollowUp, sentTo user: String?, now: Date, matrix: MatrixSettings?
    ) -> ReceiptPlan {
        let taking = reactions.contains { reaction in
            reaction.sender == user && followUp.answersAfter.map { reaction.at > $0 } ?? true && acknowledgingReactions.contains(plainReaction(reaction.key))
        }
        if user != nil, taking { return .acknowledge }
        return .wait(until: nextCheck(followUp, now: now, pushover: nil, matrix: matrix))
    }

    /// When to look again: a Pushover receipt every `pollSeconds` (Pushover
    /// asks for no more than one read every 5 s), a Matrix message's
    /// reactions every its `pollSeconds`; an ntfy message after 2 s,
    /// doubling to `ntfyLongestPause`.
    public static func nextCheck(_ followUp: ContactFollowUp, now: Date, pushover: PushoverSettings?, matrix: MatrixSettings? = nil) -> Date {
        if followUp.platform == .pushover { return now.addingTimeInterval(pushover?.pollSeconds ?? 5) }
        if followUp.platform == .matrix {
            // Every poll for the first 200 looks (10 minutes at 3 s), then once a minute: an alarm
            // answered at all is mostly answered soon, and a day of reads every 3 s per message adds up.
            let poll = matrix?.pollSeconds ?? 3
            return now.addingTimeInterval(followUp.checks < 200 ? poll : max(poll, 60))
        }
        return now.addingTimeInterval(growingPause(followUp))
    }

    /// 2 s, doubling with each look to `ntfyLongestPause`.
    static func growingPause(_ followUp: ContactFollowUp) -> TimeInterval {
        min(ntfyLongestPause, 2 * pow(2, Double(min(followUp.checks, 16))))
    }
}

/// A Pushover receipt as its API answers it.
public struct PushoverReceipt: Sendable, Equatable {
    public var acknowledged: Bool
    /// The user key that acknowledged it.
    public var acknowledgedBy: String?
    public var expired: Bool

    public init(acknowledged: Bool, acknowledgedBy: String?, expired: Bool) {
        self.acknowledged = acknowledged
        self.acknowledgedBy = acknowledgedBy
        self.expired = expired
    }
}

/// The provider calls a follow-up makes.
public protocol PhoneAppFollowUpClient: Sendable {
    /// Replaces the ntfy message (its sequence id) with `message`, then clears it.
    func end(ntfyTopic: String, with message: PhoneAppMessage) async throws
    func readReceipt(_ receipt: String) async throws -> PushoverReceipt
    func cancel(receipt: String) async throws
    /// Cancels every emergency sent with `tag` (`PhoneAppMessage.pushoverTag`).
    func cancel(tag: String) async throws
    /// Edits the Slack or Mattermost direct message its receipt names (Slack's
    /// channel and ts, Mattermost's post id) into `message`: what became of
    /// its alarm without a button (`button` nil), or the alarm again with
    /// an Acknowledge button the client signs for `button`'s method,
    /// notification and time.
    func edit(directMessage receipt: String, on platform: Platform, with message: ChatMessage, button: DirectMessageButton?) async throws
    /// Edits the Matrix message its receipt names (its room and event) into
    /// `message` (its outcome, or the alarm again when `acknowledgeable`);
    /// `edit` tells this edit from the message's others (the homeserver
    /// takes a repeated transaction as the same).
    func edit(matrixReceipt receipt: String, with message: PhoneAppMessage, acknowledgeable: Bool, edit: String) async throws
    /// The reactions and replies to the Matrix message its receipt names, each with when the homeserver took it.
    func answers(matrixReceipt receipt: String) async throws -> [ChatReaction]
}

/// What a direct message's Acknowledge button stands for: the person's
/// contact method, the notification and the millisecond it was handed
/// over or edited back (`ChatSigner.direct` signs the three).
public struct DirectMessageButton: Sendable, Equatable {
    public var method: Int64
    public var notification: NotificationID
    public var sentAt: Int64

    public init(method: Int64, notification: NotificationID, sentAt: Date) {
        self.method = method
        self.notification = notification
        self.sentAt = Int64((sentAt.timeIntervalSince1970 * 1_000).rounded(.down))
    }
}
