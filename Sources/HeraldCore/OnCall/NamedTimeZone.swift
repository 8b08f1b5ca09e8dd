import Foundation

/// A time zone under the name its client gave it (issue 39). Foundation
/// on Linux answers `GMT` for `TimeZone(identifier: "UTC").identifier`
/// (and may canonicalise other aliases), so a zone kept as its
/// `TimeZone` would come back under another name than the one set; this
/// keeps the name given, which is what is stored, answered and shown, with
/// the zone it names for the arithmetic.
public struct NamedTimeZone: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let timeZone: TimeZone

    /// Nil when Foundation knows no zone of that name.
    public init?(_ name: String) {
        guard let zone = TimeZone(identifier: name) else { return nil }
        self.name = name
        self.timeZone = zone
    }

    /// A zone made in code, under Foundation's name for it.
    public init(_ timeZone: TimeZone) {
        self.name = timeZone.identifier
        self.timeZone = timeZone
    }

    public var description: String { name }
}
