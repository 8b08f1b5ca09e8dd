/// How serious a notification is: a closed set, least to most severe, so
/// that apps can colour and sort by it. Alert sources name levels many ways;
/// common spellings are read as the level they mean.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case none
    case ok
    case info
    case low
    case warning
    case minor
    case major
    case error
    case high
    /// EPICS: the value cannot be trusted.
    case invalid
    /// EPICS: the value is not known at all.
    case undefined
    case critical

    /// Other spellings senders use, mostly syslog's and Alertmanager's.
    static let aliases: [String: Severity] = [
        "information": .info, "informational": .info, "notice": .info, "debug": .low,
        "warn": .warning, "err": .error, "crit": .critical, "fatal": .critical, "page": .critical,
        "alert": .critical, "emerg": .critical, "emergency": .critical, "resolved": .ok,
    ]

    /// The level a sender's word means (any case, surrounding spaces
    /// ignored); nil for a word that is not one.
    public init?(parsing text: String) {
        let word = text.trimmingWhitespace().lowercased()
        guard let level = Severity(rawValue: word) ?? Self.aliases[word] else { return nil }
        self = level
    }

    /// Its place in the order (none 0 … critical last), as the stores compare it.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// The accepted names, for error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
