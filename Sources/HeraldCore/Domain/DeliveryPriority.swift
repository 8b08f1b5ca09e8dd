/// Where a push stands in the queue: its notification's severity's rank
/// (`Severity.rank`: none 0 … critical highest; no severity ranks as none),
/// and an escalation's call above every notification. Claims serve the
/// highest first; `urgent` and above also have a lane of their own in the
/// worker, so they never wait for a slot behind a large fan-out.
public enum DeliveryPriority {
    /// A notification's pushes.
    public static func of(_ severity: Severity?) -> Int { severity?.rank ?? 0 }

    /// An escalation's call outranks every notification's own pushes.
    public static let call = Severity.allCases.count

    /// Critical notifications and escalation calls: the worker's express lane.
    public static let urgent = Severity.critical.rank

    /// Whether a notification of this severity goes by the express lane.
    public static func isUrgent(_ severity: Severity?) -> Bool { of(severity) >= urgent }
}
