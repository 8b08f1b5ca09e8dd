import Foundation
import HeraldCore

// Contact methods and their rules (issue 42), forwarded as the other concerns are.

extension FaultyStore: ContactStore {
    public func contactMethods(userID: UserID) async throws -> [ContactMethod] {
        try await base.contactMethods(userID: userID)
    }
    public func addContactMethod(userID: UserID, kind: ContactKind, address: String, at: Date) async throws -> ContactMethod? {
        try await base.addContactMethod(userID: userID, kind: kind, address: address, at: at)
    }
    public func setContactCode(methodID: Int64, userID: UserID, pending: ContactVerification.Pending?) async throws -> Bool {
        try await base.setContactCode(methodID: methodID, userID: userID, pending: pending)
    }
    public func takeContactCodeTry(methodID: Int64, userID: UserID) async throws -> ContactVerification.Pending? {
        try await base.takeContactCodeTry(methodID: methodID, userID: userID)
    }
    public func verifyContactMethod(methodID: Int64, userID: UserID, at: Date) async throws -> ContactMethod? {
        try await base.verifyContactMethod(methodID: methodID, userID: userID, at: at)
    }
    public func removeContactMethod(methodID: Int64, userID: UserID) async throws -> Bool {
        try await base.removeContactMethod(methodID: methodID, userID: userID)
    }
    public func setContactSource(methodID: Int64, userID: UserID, _ source: ContactSource) async throws -> Bool {
        try await base.setContactSource(methodID: methodID, userID: userID, source)
    }
    public func contactRules(userID: UserID) async throws -> [ContactRuleClass: [ContactRuleStep]] {
        try await base.contactRules(userID: userID)
    }
    public func saveContactRules(userID: UserID, ruleClass: ContactRuleClass?, own: [ContactRuleStep]?, steps: [ContactStepRow], at: Date) async throws {
        try await base.saveContactRules(userID: userID, ruleClass: ruleClass, own: own, steps: steps, at: at)
    }
    public func usersWithContactSteps(classes: [ContactRuleClass]) async throws -> [UserID] {
        try await base.usersWithContactSteps(classes: classes)
    }
    public func usersWithContactMethods() async throws -> [UserID] {
        try await base.usersWithContactMethods()
    }
    public func verifiedContacts(kind: ContactKind, address: String) async throws -> [ContactMethod] {
        try await base.verifiedContacts(kind: kind, address: address)
    }
    public func contactAddresses(methodIDs: [Int64]) async throws -> [Int64: String] {
        try await base.contactAddresses(methodIDs: methodIDs)
    }
    public func contactedNotifications(deviceIDs: [Int64], since: Date, limit: Int) async throws -> [ContactedNotification] {
        try await base.contactedNotifications(deviceIDs: deviceIDs, since: since, limit: limit)
    }
    public func contactSends(platform: Platform, since: Date, userIDs: [UserID]) async throws -> (perUser: [UserID: Int], total: Int) {
        try await base.contactSends(platform: platform, since: since, userIDs: userIDs)
    }
    public func beginContactSends(_ ids: [DeliveryID], at: Date) async throws -> Set<DeliveryID> {
        try await base.beginContactSends(ids, at: at)
    }
    public func abandonContactSends(_ ids: [DeliveryID]) async throws {
        try await base.abandonContactSends(ids)
    }
}

extension FaultyStore: ContactFollowUpStore {
    public func recordFollowUps(_ followUps: [ContactFollowUp]) async throws {
        try await base.recordFollowUps(followUps)
    }
    public func claimFollowUps(now: Date, until: Date, limit: Int) async throws -> [ContactFollowUp] {
        try await base.claimFollowUps(now: now, until: until, limit: limit)
    }
    public func finishFollowUps(_ deliveryIDs: [DeliveryID]) async throws {
        try await base.finishFollowUps(deliveryIDs)
    }
    public func setFollowUpReceipt(_ deliveryID: DeliveryID, receipt: String) async throws {
        try await base.setFollowUpReceipt(deliveryID, receipt: receipt)
    }
    public func deferFollowUp(_ deliveryID: DeliveryID, checks: Int, next: Date, now: Date) async throws {
        try await base.deferFollowUp(deliveryID, checks: checks, next: next, now: now)
    }
    public func showFollowUp(_ deliveryID: DeliveryID, shown: String, sentAt: Date, editedAt: Date?, answersAfter: Date?) async throws {
        if shown != ContactFollowUp.editing { try faults.check(.recordFollowUpShown) }
        try await base.showFollowUp(deliveryID, shown: shown, sentAt: sentAt, editedAt: editedAt, answersAfter: answersAfter)
    }
    public func passFollowUpAnswers(_ deliveryID: DeliveryID, after: Date) async throws {
        try await base.passFollowUpAnswers(deliveryID, after: after)
    }
    public func hastenFollowUps(notificationID: NotificationID, now: Date) async throws -> Int {
        try await base.hastenFollowUps(notificationID: notificationID, now: now)
    }
}
