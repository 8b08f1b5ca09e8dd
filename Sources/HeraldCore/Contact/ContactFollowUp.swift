import Foundation

/// A message Herald follows after its provider took it (issue 43): an
/// ntfy message, changed in place and cleared once its alarm is taken or
/// resolved; a Pushover emergency, whose receipt is read (an
/// acknowledgement there is the person's) and cancelled likewise; a
/// Slack, Mattermost or Matrix direct message, edited to say who took its
/// alarm, and back (a new button in it) when that is withdrawn.
public struct ContactFollowUp: Sendable, Equatable {
    public var deliveryID: DeliveryID
    public var platform: Platform
    public var notificationID: NotificationID
    public var userID: UserID
    public var methodID: Int64
    /// Pushover's receipt for an emergency message.
    public var receipt: String?
    /// When the message was sent, or last edited back to the alarm: an
    /// answer (a Matrix reaction) from before it takes nothing.
    public var sentAt: Date
    /// Checks so far: the next waits longer (`ContactFollowUpDecision.nextCheck`).
    public var checks: Int
    public var nextCheckAt: Date
    /// What a direct message shows now: "" while it is the alarm (as sent
    /// or edited back), else the outcome it was edited to ("Acknowledged by
    /// ann"), or `editing` while an edit is on its way.
    public var shown: String
    /// Kept just before an edit is asked for: should the edit land and its
    /// record not (a crash, the database away), the next look edits the
    /// message to what is true then, whatever it shows.
    public static let editing = "\u{1}editing"

    /// Whether the message carries a way to take the alarm (a button, a ✅
    /// invitation): only for someone who may take it (`ResponderDecider`).
    public var answersBack: Bool
    /// Its last edit: the next waits `ContactFollowUpDecision.editGap` after it.
    public var editedAt: Date?
    /// A Matrix message's answers at or before this (the homeserver's
    /// clock) take nothing: those there when it was made the alarm again,
    /// or one already refused.
    public var answersAfter: Date?

    public init(
        deliveryID: DeliveryID, platform: Platform, notificationID: NotificationID, userID: UserID, methodID: Int64, receipt: String?, sentAt: Date,
        checks: Int = 0, nextCheckAt: Date, shown: String = "", answersBack: Bool = true, editedAt: Date? = nil, answersAfter: Date? = nil
    ) {
        self.shown = shown
        self.answersBack = answersBack
        self.editedAt = editedAt
        self.answersAfter = answersAfter
        self.deliveryID = deliveryID
        self.platform = platform
        self.notificationID = notificationID
        self.userID = userID
        self.methodID = methodID
        self.receipt = receipt
        self.sentAt = sentAt
        self.checks = checks
        self.nextCheckAt = nextCheckAt
    }
}

/// Where the follow-ups wait: each replica leases the due ones, so two
/// never work one at once; a lease that runs out (a replica died) makes
/// it due again.
public protocol ContactFollowUpStore: Sendable {
    /// Kept just before the provider is asked (one per delivery: a second
    /// is ignored), so a crash after the send cannot lose it; as sent
    /// (`shown`, `editedAt` and `answersAfter` are `showFollowUp`'s).
    func recordFollowUps(_ followUps: [ContactFollowUp]) async throws
    /// The receipt the provider answered with (a Pushover emergency's).
    func setFollowUpReceipt(_ deliveryID: DeliveryID, receipt: String) async throws
    /// Up to `limit` due by `now` and not leased, leased until `until`.
    func claimFollowUps(now: Date, until: Date, limit: Int) async throws -> [ContactFollowUp]
    /// Done with (or never sent): forgotten.
    func finishFollowUps(_ deliveryIDs: [DeliveryID]) async throws
    /// Checked again at `next`, its lease ended, `checks` counted; at
    /// `now` instead when it was made due while leased (its notification
    /// changed or was taken meanwhile: what the sweep read is stale).
    func deferFollowUp(_ deliveryID: DeliveryID, checks: Int, next: Date, now: Date) async throws
    /// A direct message edited at `editedAt`: what it shows now, when it
    /// was last made the alarm again (`ContactFollowUp.sentAt`), and the
    /// Matrix answers that take nothing (`answersAfter`).
    func showFollowUp(_ deliveryID: DeliveryID, shown: String, sentAt: Date, editedAt: Date?, answersAfter: Date?) async throws
    /// A Matrix message's answers up to `after` (the homeserver's time) take nothing from now on (one was refused).
    func passFollowUpAnswers(_ deliveryID: DeliveryID, after: Date) async throws
    /// A notification's follow-ups due now (it was taken), leased ones
    /// included, and its chat rooms' posts (issue 43); how many follow-ups.
    @discardableResult
    func hastenFollowUps(notificationID: NotificationID, now: Date) async throws -> Int
}
