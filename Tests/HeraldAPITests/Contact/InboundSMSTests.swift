import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The inbound webhook for gateways that do not sign (46elks, an HTTP
/// gateway; issue 42): without the secret nothing is read (403); with it, a
/// reply from the verified number with the code of the text it was sent
/// acknowledges as that person, posted as 46elks posts it (a form).
@Suite("Contact: the inbound SMS webhook")
struct InboundSMSTests {
    static let secret = "inbound-secret-0123456789abcdef"

    @Test(arguments: Backend.allCases)
    func aReplyThroughTheWebhookTakesTheAlarmOnlyWithTheSecret(_ backend: Backend) async throws {
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.contacts.inboundSecret = Self.secret
            // No worker: the test hands the text over itself (a worker would record it skipped, no SMS provider being set).
            config.delivery.runsInServer = false
        }
        try await TestApp.run(backend, configure: configure) { app in
            let service = try await app.createService()
            let (person, _) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let method = try #require(try await app.store.addContactMethod(userID: person.id, kind: .sms, address: "+46700000004", at: Date()))
            let verified = try #require(try await app.store.verifyContactMethod(methodID: method.id, userID: person.id, at: Date()))
            let own = [ContactRuleStep(methodID: method.id, delaySeconds: 0)]
            let steps = ContactRules.effective(userID: person.id, own: [.critical: own], methods: [verified], defaults: ContactDefaults())
            try await app.store.saveContactRules(userID: person.id, ruleClass: .critical, own: own, steps: steps, at: Date())
            let posted = try #require(try await app.store.publish(NotificationDraft(title: "Cryo trip", severity: .critical), serviceID: service.id, at: Date()))
            // The text went (as the worker records a hand-over).
            _ = try await app.store.publish(NotificationDraft(title: "unrelated"), serviceID: service.id, at: Date())
            let claimed = try await app.store.claimDeliveries(limit: 10, now: Date().addingTimeInterval(1), leaseUntil: Date().addingTimeInterval(60))
            let text = try #require(claimed.first { $0.platform == .sms && $0.notification.id == posted.id } ?? nil as ClaimedDelivery?, "no text queued: \(claimed.map(\.platform))")
            #expect(try await app.store.beginContactSends([text.id], at: Date()) == [text.id])
            let code = ContactReplyCode(vapid: try await VAPIDKeys(settings: app.store, subject: "mailto:herald@invalid").vapid()).code(notification: posted.id, user: person.id)
            let form = "from=%2B46700000004&to=%2B46100000000&message=ack+\(code)"
            let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            #expect(try await app.request(.post, "/api/v2/channels/inbound/sms", rawBody: form, headers: headers).status == .forbidden)
            #expect(try await app.request(.post, "/api/v2/channels/inbound/sms?secret=wrong-\(Self.secret)", rawBody: form, headers: headers).status == .forbidden)
            #expect(try await app.store.acknowledgements(of: [posted.id])[posted.id] == nil)
            #expect(try await app.request(.post, "/api/v2/channels/inbound/sms?secret=\(Self.secret)", rawBody: form, headers: headers).status == .noContent)
            #expect(try await app.store.acknowledgements(of: [posted.id])[posted.id]?.username == "oncall")
        }
    }
}
