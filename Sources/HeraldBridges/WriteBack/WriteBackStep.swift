import Foundation
import HeraldCore

/// What to do next to make the source agree with a write-back's goal: a
/// pure decision over the stored record and the service's target.
public enum WriteBackStep: Sendable, Equatable {
    case makeSilence
    case expireSilence(id: String)
    case sendCommand(acknowledge: Bool)
    /// Nothing to send: the source already agrees (or never heard of it);
    /// record the goal as achieved, holding `reference`.
    case settle(reference: String?, detail: String?)
    /// The goal cannot be reached with what the service has now.
    case refuse(String)

    public static func next(for record: WriteBackRecord, target: WriteBackTarget?) -> WriteBackStep {
        switch record.wanted {
        case .acknowledged:
            if let reference = record.reference { return .settle(reference: reference, detail: record.detail) }
            switch target {
            case .alertmanager: return .makeSilence
            case .phoebus: return .sendCommand(acknowledge: true)
            case nil: return .refuse("the service no longer writes acknowledgements back")
            }
        case .withdrawn, .resolved:
            guard let reference = record.reference else { return .settle(reference: nil, detail: nil) }
            switch target {
            case .alertmanager: return .expireSilence(id: reference)
            // Phoebus clears an acknowledgement itself when the PV returns to OK.
            case .phoebus: return record.wanted == .withdrawn ? .sendCommand(acknowledge: false) : .settle(reference: nil, detail: nil)
            case nil: return .refuse("the service no longer writes back; what Herald asked of the source stays until it ends by itself")
            }
        }
    }
}
