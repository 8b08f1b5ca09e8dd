import Foundation
import HeraldCore

/// Something that sends pushes and says what became of each.
public protocol PushProvider: Sendable {
    var platform: Platform { get }
    /// Sends the deliveries together and answers in their order. Never
    /// throws: transport failures come back as `.retry`.
    func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt]
    /// Makes what the first push needs before it is asked for: the
    /// credential and every connection. Throws when the provider cannot be
    /// reached or the credential not made; the caller tries again.
    func warmUp() async throws
    /// Why this delivery's token can never be sent as it is (the token is
    /// dropped without asking the provider); nil when it can.
    func unsendableToken(_ delivery: ClaimedDelivery) -> String?
}

extension PushProvider {
    public func unsendableToken(_ delivery: ClaimedDelivery) -> String? { nil }
}

/// What became of one push, and how long the provider took to answer.
public struct PushAttempt: Sendable {
    public var reply: ReplyClass
    /// Nil when no answer came (a transport failure).
    public var latency: Duration?

    init(_ reply: ReplyClass, latency: Duration? = nil) {
        self.reply = reply
        self.latency = latency
    }
}
