import Foundation
import HeraldCore

/// Something that sends one push and says what became of it.
public protocol PushProvider: Sendable {
    var platform: Platform { get }
    /// Never throws: transport failures come back as `.retry`.
    func send(_ delivery: ClaimedDelivery, now: Date) async -> ReplyClass
}
