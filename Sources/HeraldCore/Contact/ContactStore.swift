import Foundation

/// A person's contact methods and their rules (issue 42), and what the
/// queue and the replies need of them.
public protocol ContactStore: Sendable {
    /// The person's methods, oldest first.
    func contactMethods(userID: UserID) async throws -> [ContactMethod]
    /// An unverified method for the address, or the person's method for it
    /// already (whatever its state); nil when the user is gone.
    func addContactMethod(userID: UserID, kind: ContactKind, address: String, at: Date) async throws -> ContactMethod?
    /// The code now waiting for the method (nil: none); false when it is not the person's.
    func setContactCode(methodID: Int64, userID: UserID, pending: ContactVerification.Pending?) async throws -> Bool
    /// Takes one try at the method's waiting code, before it is judged (so
    /// concurrent tries cannot pass the limit): the code as it was, its
    /// `tries` those before this one; nil when no code waits or none is left.
    func takeContactCodeTry(methodID: Int64, userID: UserID) async throws -> ContactVerification.Pending?
    /// Marks the method verified and makes its queue device (platform of
    /// its kind, `Platform.contactToken`); the method as it is now.
    func verifyContactMethod(methodID: Int64, userID: UserID, at: Date) async throws -> ContactMethod?
    /// Removes the method, its device and its steps; false when it is not the person's.
    func removeContactMethod(methodID: Int64, userID: UserID) async throws -> Bool
    /// Records where the method came from; false when it is not the person's.
    func setContactSource(methodID: Int64, userID: UserID, _ source: ContactSource) async throws -> Bool
    /// The person's own rules: a class they set (an empty list is "pushes only").
    func contactRules(userID: UserID) async throws -> [ContactRuleClass: [ContactRuleStep]]
    /// Sets the person's own rule for a class (nil: back to the site's
    /// default) and replaces every step the queue applies for them with
    /// `steps`, in one transaction.
    func saveContactRules(userID: UserID, ruleClass: ContactRuleClass?, own: [ContactRuleStep]?, steps: [ContactStepRow], at: Date) async throws
    /// People with a verified method (their steps are worked out again at start).
    func usersWithContactMethods() async throws -> [UserID]
    /// People whose rules reach them by something other than a push for
    /// one of `classes` (a step the queue applies).
    func usersWithContactSteps(classes: [ContactRuleClass]) async throws -> [UserID]
    /// Verified methods at this address, whoever holds them.
    func verifiedContacts(kind: ContactKind, address: String) async throws -> [ContactMethod]
    /// The addresses of these methods.
    func contactAddresses(methodIDs: [Int64]) async throws -> [Int64: String]
    /// Notifications a message went out for to these devices since `since`
    /// (when it was handed to the provider), newest first, each with that time.
    func contactedNotifications(deviceIDs: [Int64], since: Date, limit: Int) async throws -> [ContactedNotification]
    /// Messages of `platform` handed to its provider since `since`: each of
    /// `userIDs`' count, and the site's (the daily caps).
    func contactSends(platform: Platform, since: Date, userIDs: [UserID]) async throws -> (perUser: [UserID: Int], total: Int)
    /// Marks these deliveries as handed to a provider; returns those that
    /// had not been (the rest were started before a crash: sending them
    /// again might text someone twice).
    func beginContactSends(_ ids: [DeliveryID], at: Date) async throws -> Set<DeliveryID>
    /// Forgets the marks of sends the provider surely did not take, so a retry sends them.
    func abandonContactSends(_ ids: [DeliveryID]) async throws
}

/// Sends a verification code to an address that is not yet trusted: the
/// site's SMS gateway, straight (a code is not a notification: no queue,
/// no rules, no quiet hours).
public protocol ContactCodeSender: Sendable {
    /// Throws with a reason the person may read when it did not go.
    /// `language`: the person's choice; nil for the site's default.
    func send(code: String, to method: ContactMethod, language: Language?) async throws
    /// A text of the person's own asking ("test my setup"), fitted to one message.
    func send(text: String, to method: ContactMethod) async throws
    /// The address as it is kept, where the provider names people another
    /// way than they type (a Mattermost @username becomes its user id);
    /// throws with a reason the person may read when there is no such one.
    func canonical(_ address: String, kind: ContactKind) async throws -> String
}

extension ContactCodeSender {
    public func canonical(_ address: String, kind: ContactKind) async throws -> String { address }
}

/// A notification a message went out for, and when.
public struct ContactedNotification: Sendable, Equatable {
    public var id: NotificationID
    public var sentAt: Date

    public init(id: NotificationID, sentAt: Date) {
        self.id = id
        self.sentAt = sentAt
    }
}
