import Foundation
import HeraldCore

/// One text to send.
public struct OutgoingText: Sendable, Equatable {
    /// Unique per message (the delivery's id, or a verification's): a
    /// gateway that can make a retry idempotent keys it on this.
    public var reference: String
    /// E.164.
    public var to: String
    /// Fits one SMS (`SMSText`).
    public var body: String

    public init(reference: String, to: String, body: String) {
        self.reference = reference
        self.to = to
        self.body = body
    }
}

/// What became of a text handed to a gateway. The line that matters for
/// "never text anyone twice" is between `retry` (the gateway surely did not
/// take it: sending again is safe) and `uncertain` (it may have: it is not
/// sent again).
public enum GatewayAnswer: Sendable, Equatable {
    case accepted
    /// Taken, with the provider's receipt to follow it by (a Pushover emergency's).
    case acceptedWithReceipt(String)
    /// Surely not taken, passing (throttled, down, refused before reading):
    /// tried again after at least `after` seconds.
    case retry(reason: String, after: TimeInterval)
    /// Will never be taken as it is (an invalid number, an unknown account).
    case refused(reason: String)
    /// No answer after the request went out: it may have been taken.
    case uncertain(reason: String)
}

/// Where texts leave Herald: a provider's API or an on-site modem's daemon.
public protocol SMSGateway: Sendable {
    /// A name for logs and outcomes ("Twilio", "Gammu SMSD").
    var name: String { get }
    /// Sends each text; answers in their order. Never throws.
    func send(_ texts: [OutgoingText]) async -> [GatewayAnswer]
    /// Checks what the first text needs (the spool is writable); throws when not.
    func warmUp() async throws
}
