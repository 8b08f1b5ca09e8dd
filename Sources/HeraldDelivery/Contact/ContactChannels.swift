import Foundation
import HeraldCore
import HeraldOutbound
import Logging
import NIOCore
import ServiceLifecycle

/// The site's ways of reaching people beyond push (issue 42), made once
/// per process from the configuration: the SMS gateway, the worker's
/// provider over it, and the verification codes' sender.
public struct ContactChannels: Sendable {
    public let sms: any SMSGateway
    /// Closes the gateway's HTTP client when the service group ends.
    public let closing: any ServiceLifecycle.Service
    /// The key reply codes are made with, from the shared VAPID key.
    public let replyCodes: @Sendable () async throws -> ContactReplyCode

    /// Nil when no SMS provider is configured.
    public static func make(config: HeraldConfig, settings: any SharedSettings, clock: WallClock) throws -> ContactChannels? {
        guard let sms = config.contacts.sms else { return nil }
        let keys = VAPIDKeys(settings: settings, subject: config.delivery.webPushSubject ?? "mailto:herald@invalid")
        let replyCodes: @Sendable () async throws -> ContactReplyCode = { ContactReplyCode(vapid: try await keys.vapid()) }
        switch sms {
        case .twilio(let twilio):
            // The provider's URL is the operator's: trusted at its host and port.
            let http = OutboundHTTP(
                policy: config.outbound.policy, tls: try OutboundHTTP.tls(caBundlePEM: config.delivery.caBundlePEM), readTimeout: .seconds(15),
                trustedOrigins: [twilio.baseURL]
            )
            return ContactChannels(
                sms: TwilioSMSGateway(settings: twilio, http: http), closing: ClosingService("SMS client") { try? await http.shutdown() }, replyCodes: replyCodes
            )
        case .gammu(let gammu):
            return ContactChannels(sms: GammuSMSGateway(settings: gammu, clock: clock), closing: ClosingService("SMS spool") {}, replyCodes: replyCodes)
        }
    }

    /// The worker's provider for contact devices.
    public func provider(store: any ContactStore, logger: Logger) -> ContactMessageProvider {
        ContactMessageProvider(gateway: sms, store: store, replyCodes: replyCodes, logger: logger)
    }

    /// Sends verification codes straight through the gateway.
    public var codeSender: GatewayCodeSender { GatewayCodeSender(gateway: sms) }
}

/// A verification code as one text.
public struct GatewayCodeSender: ContactCodeSender {
    let gateway: any SMSGateway

    public static func text(_ code: String) -> String {
        "Herald: your code is \(code). It works for 10 minutes. If you did not ask for it, ignore this text."
    }

    public func send(code: String, to method: ContactMethod) async throws {
        try await send(OutgoingText(reference: "code-\(method.id)", to: method.address, body: Self.text(code)))
    }

    public func send(text: String, to method: ContactMethod) async throws {
        try await send(OutgoingText(reference: "test-\(method.id)", to: method.address, body: SMSText.fit(head: "", title: text, text: "", tail: "")))
    }

    func send(_ text: OutgoingText) async throws {
        let answer = await gateway.send([text]).first
        switch answer {
        case .accepted?: return
        case .retry(let reason, _)?, .refused(let reason)?, .uncertain(let reason)?: throw ContactSendError(reason)
        case nil: throw ContactSendError("no answer")
        }
    }
}

public struct ContactSendError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
