import Foundation

/// How the pushes of one change are queued, decided in Swift before the
/// store runs (issue 40: decide in Core, execute in the store): what they
/// are for, in which lane, to which platforms, and whether a device may
/// ever have more than one. Each backend applies every order with its one
/// `INSERT INTO deliveries` (`DeliveryRows` in HeraldStore), one row per
/// device of each person the statement hands it, with these values and
/// the priority the statement binds from `DeliveryPriority`.
///
/// Who gets them is the change's `Audience`, decided in Swift too (an
/// update's newly matching filters' subscribers, a changed alarm's or an
/// acknowledgement's holders, an escalation step's callees), which each
/// backend's one translator turns into rows; a post's subscribers less the
/// holders of the filters that refused it (`FilterVerdicts`, judged in
/// Swift) are the publish's and the fan-out's own.
public struct DeliveryOrder: Sendable, Equatable {
    public var purpose: DeliveryPurpose
    /// Behind every other due push of the same priority (a large
    /// audience's fan-out chunk), so a lone alarm never waits for it.
    public var bulk: Bool
    /// Only devices on these platforms; nil for every platform.
    public var platforms: [Platform]?
    /// At most one per device, ever: a device that has had one for the
    /// notification (queued or in its history) gets none. What a
    /// withdrawal takes down is taken down once.
    public var oncePerDevice: Bool
    /// When the pushes fall due (the change's time); nil: each at its
    /// notification's own time (a batch of posts, each first in first out).
    public var at: Date?

    public init(purpose: DeliveryPurpose, bulk: Bool = false, platforms: [Platform]? = nil, oncePerDevice: Bool = false, at: Date?) {
        self.purpose = purpose
        self.bulk = bulk
        self.platforms = platforms
        self.oncePerDevice = oncePerDevice
        self.at = at
    }

    /// Which of a person's contact rules (issue 42) its messages follow: an
    /// escalation's calls the `call` rule whatever the severity; a shown
    /// notification the rule of its severity's band (`ContactRuleClass`,
    /// matched by priority in the store); a withdrawal none (a text cannot
    /// be taken back).
    public var contactRule: ContactRouting {
        switch purpose {
        case .call, .subscribersCall: .rule(.call)
        case .alert: .bySeverity
        case .withdrawal: .none
        }
    }

    public enum ContactRouting: Sendable, Equatable {
        case none
        case bySeverity
        case rule(ContactRuleClass)
    }

    /// A contact method gets one message per notification for what is
    /// shown (its first showing: an alarm's updates and resolution do not
    /// text again), and one per call.
    public var contactOncePerNotification: Bool { purpose == .alert }

    /// A notification shown: changed, or newly matching a filter; a large
    /// audience's chunk in the bulk lane.
    public static func alert(at: Date, bulk: Bool = false) -> Self { Self(purpose: .alert, bulk: bulk, at: at) }

    /// A batch of posts shown, each due at its own post.
    public static let posts = Self(purpose: .alert, at: nil)

    /// An escalation step calling one person (`DeliveryPriority.call`).
    public static func call(at: Date) -> Self { Self(purpose: .call, at: at) }

    /// An escalation step calling the service's subscribers (issue 39): a
    /// fan-out chunk pushed as a critical alarm.
    public static func subscribersCall(at: Date) -> Self { Self(purpose: .subscribersCall, bulk: true, at: at) }

    /// What the holders' devices show taken down (`AcknowledgementEffects.withdrawOn`):
    /// only where something can be, once per device.
    public static func withdrawal(on platforms: [Platform], at: Date, bulk: Bool = false) -> Self {
        Self(purpose: .withdrawal, bulk: bulk, platforms: platforms, oncePerDevice: true, at: at)
    }
}

extension DeliveryPriority {
    /// A withdrawal's place in the queue: the lowest, as it has always
    /// been (it replaces what a phone shows; it never wakes anyone).
    public static let withdrawal = 0
}
