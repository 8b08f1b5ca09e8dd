import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Contact methods and their steps (issue 42), one contract on every
/// backend: a method is its person's, verified before it gets a queue
/// device; the one `INSERT INTO deliveries` queues a contact device only
/// as its person's step for the message's class says, that many seconds
/// later, once per notification for what is shown, never for a
/// withdrawal; a send marked before a crash is found marked.
@Suite("Contact methods, on every backend")
struct ContactStoreTests {
    @Test(arguments: Backend.allCases)
    func aMethodIsVerifiedIntoADeviceThatNoListOrRegistrationShows(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (_, person) = try await DeliveryOrderTests.subscriber("oncall", to: "Cryo", device: 1, on: [.apns], in: store)
            let other = try await store.createUser(username: "other", passwordHash: "-", isAdmin: false)
            let now = Timestamp.now()
            let method = try #require(try await store.addContactMethod(userID: person.id, kind: .sms, address: "+46700000001", at: now))
            #expect(!method.isVerified && method.deviceID == nil)
            #expect(try await store.addContactMethod(userID: person.id, kind: .sms, address: "+46700000001", at: now)?.id == method.id, "one per address")
            // The same number for someone else (a shared on-call phone) is theirs to add too.
            let shared = try #require(try await store.addContactMethod(userID: other.id, kind: .sms, address: "+46700000001", at: now))
            #expect(shared.id != method.id)

            let pending = ContactVerification.pending(code: "123456", methodID: method.id, now: now)
            #expect(try await store.setContactCode(methodID: method.id, userID: person.id, pending: pending))
            #expect(try await !store.setContactCode(methodID: method.id, userID: other.id, pending: pending), "not someone else's")
            #expect(try await store.takeContactCodeTry(methodID: method.id, userID: other.id) == nil, "not someone else's")
            #expect(try await store.takeContactCodeTry(methodID: method.id, userID: person.id)?.tries == 0, "the try taken, the code as it was")
            #expect(try await store.contactMethods(userID: person.id).first?.verification?.tries == 1)
            for _ in 1..<ContactVerification.maximumTries { #expect(try await store.takeContactCodeTry(methodID: method.id, userID: person.id) != nil) }
            #expect(try await store.takeContactCodeTry(methodID: method.id, userID: person.id) == nil, "none left after five")
            #expect(try await store.verifyContactMethod(methodID: method.id, userID: other.id, at: now) == nil, "not someone else's")
            let verified = try #require(try await store.verifyContactMethod(methodID: method.id, userID: person.id, at: now))
            let device = try #require(verified.deviceID)
            #expect(verified.isVerified && verified.verification == nil)
            // Where it came from (issue 42): entered, until a sign-in vouches for it; only its person's.
            #expect(verified.source == .entered)
            #expect(try await !store.setContactSource(methodID: method.id, userID: other.id, .signIn), "not someone else's")
            #expect(try await store.setContactSource(methodID: method.id, userID: person.id, .signIn))
            #expect(try await store.contactMethods(userID: person.id).first?.source == .signIn)
            #expect(try await store.verifyContactMethod(methodID: method.id, userID: person.id, at: now)?.deviceID == device, "verifying again changes nothing")

            // The contact device is the queue's only: not a device to list, count, trim, take over or remove.
            #expect(try await store.devices(userID: person.id).map(\.platform) == [.apns])
            #expect(try await store.deviceTokens(userIDs: [person.id])[person.id]?.count == 1)
            #expect(try await store.deviceOwner(token: Platform.contactToken(methodID: method.id)) == nil)
            _ = try? await store.registerDevice(userID: other.id, token: Platform.contactToken(methodID: method.id), platform: .fcm, at: now)
            #expect(try await store.owner(ofDevice: device)?.id == person.id, "registering its token takes nothing over")
            #expect(try await store.trimDevices(userID: person.id, keeping: 0) == 1, "only the phone is trimmed")
            #expect(try await !store.removeDevice(userID: person.id, token: Platform.contactToken(methodID: method.id)))
            #expect(try await store.owner(ofDevice: device)?.id == person.id)
            await #expect(throws: (any Error).self) {
                _ = try await store.registerDevice(userID: person.id, token: "+46700000001", platform: .sms, at: now)
            }

            #expect(try await store.verifiedContacts(kind: .sms, address: "+46700000001").map(\.userID) == [person.id])
            #expect(try await store.contactAddresses(methodIDs: [method.id, shared.id]) == [method.id: "+46700000001"], "verified only")
            #expect(try await store.usersWithContactMethods() == [person.id])
            #expect(try await !store.removeContactMethod(methodID: method.id, userID: other.id))
            #expect(try await store.removeContactMethod(methodID: method.id, userID: person.id))
            #expect(try await store.owner(ofDevice: device) == nil, "its device went with it")
            #expect(try await store.contactMethods(userID: person.id).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func theQueueTextsAsThePersonsStepsSay(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, person) = try await DeliveryOrderTests.subscriber("oncall", to: "Cryo", device: 2, on: [.apns], in: store)
            let start = Timestamp.now()
            let method = try #require(try await store.addContactMethod(userID: person.id, kind: .sms, address: "+46700000002", at: start))
            let verified = try #require(try await store.verifyContactMethod(methodID: method.id, userID: person.id, at: start))
            let own: [ContactRuleClass: [ContactRuleStep]] = [.critical: [ContactRuleStep(methodID: method.id, delaySeconds: 60)]]
            let steps = ContactRules.effective(userID: person.id, own: own, methods: [verified], defaults: ContactDefaults(steps: [.call: [.init(kind: .sms, delaySeconds: 5)]]))
            #expect(steps.count == 2)
            try await store.saveContactRules(userID: person.id, ruleClass: .critical, own: own[.critical], steps: steps, at: start)
            #expect(try await store.contactRules(userID: person.id) == own)

            func claim(at offset: TimeInterval) async throws -> [ClaimedDelivery] {
                let now = start.addingTimeInterval(offset)
                return try await store.claimDeliveries(limit: 100, now: now, leaseUntil: now.addingTimeInterval(3_600))
            }
            // A major notification: its band (high) has no step: pushed only.
            _ = try await store.publish([PublishRequest(NotificationDraft(title: "Pressure high", severity: .major), serviceID: service.id, at: start)])
            // A critical one: pushed now, texted 60 s later.
            let critical = try #require(try await store.publish([
                PublishRequest(NotificationDraft(title: "Compressor trip", severity: .critical, key: "comp-1"), serviceID: service.id, at: start)
            ]).notifications.first ?? nil)
            let now = try await claim(at: 1)
            #expect(now.map(\.platform).sorted { $0.rawValue < $1.rawValue } == [.apns, .apns], "the pushes at once, no text yet")
            #expect(try await claim(at: 59).isEmpty)
            let texts = try await claim(at: 61)
            #expect(texts.count == 1 && texts.first?.platform == .sms && texts.first?.notification.id == critical.id && texts.first?.token == Platform.contactToken(methodID: method.id))
            #expect(texts.first?.userID == person.id)

            // Sent once: a crash after the hand-over finds it marked.
            let id = try #require(texts.first?.id)
            #expect(try await store.beginContactSends([id], at: start) == [id])
            #expect(try await store.beginContactSends([id], at: start).isEmpty, "marked: not sent twice")
            try await store.abandonContactSends([id])
            #expect(try await store.beginContactSends([id], at: start) == [id], "the provider surely did not take it: sent again")
            #expect(try await store.contactedNotifications(deviceIDs: [verified.deviceID!], since: start.addingTimeInterval(-1), limit: 10).map(\.id) == [critical.id])
            #expect(try await store.contactedNotifications(deviceIDs: [verified.deviceID!], since: start.addingTimeInterval(1), limit: 10).isEmpty, "handed over at start")
            let sends = try await store.contactSends(platform: .sms, since: start.addingTimeInterval(-1), userIDs: [person.id])
            #expect(sends.perUser == [person.id: 1] && sends.total == 1)
            #expect(try await store.contactSends(platform: .email, since: start.addingTimeInterval(-1), userIDs: [person.id]).total == 0)

            // Its alarm changes (pushed again to its holders): no second text. A withdrawal: none.
            var raised = NotificationDraft(title: "Compressor trip", severity: .critical, key: "comp-1", alarm: .firing)
            raised.subtitle = "again"
            _ = try await store.withAlertStates(of: service.id) { unit in
                try await unit.republish([AlarmChange(id: critical.id, draft: raised, reaching: .holders)], at: start.addingTimeInterval(62))
            }
            let user = try #require(try await store.user(id: person.id))
            #expect(try await store.acknowledge(notificationID: critical.id, by: user, comment: nil, effects: AcknowledgementEffects(withdrawOn: [.apns]), at: start.addingTimeInterval(63))?.isNew == true)
            let later = try await claim(at: 200)
            #expect(!later.contains { $0.platform == .sms }, "\(later.map { ($0.platform, $0.purpose) })")
        }
    }
}
