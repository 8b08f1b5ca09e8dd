import Foundation

/// Who one change to a stored notification reaches: whose inbox it is put
/// in and whose devices are pushed. The use case or decision that makes the
/// change says so (issue 40: decide in Core, execute in the store); each
/// backend has one translator for it (`Audience` in HeraldStore's
/// `DeliveryRows` files), which turns it into the rows its statements link
/// and queue, and so evaluates the set named here over its tables without
/// deciding anything.
///
/// A post's own audience is not one of these: its service's subscribers at
/// the post, less the holders of the filters that refused it (the
/// `FilterVerdicts` the `Publisher` judged), is the publish's and the
/// fan-out job's, in their batch- and chunk-shaped statements.
public struct Audience: Sendable, Equatable {
    /// The people the set starts from.
    public enum People: Sendable, Equatable {
        /// Everyone whose inbox holds the notification.
        case holders
        /// Its service's subscribers who hold one of these filters.
        case subscribersHolding(filters: [Int64])
        /// These accounts (ids of accounts since deleted name nobody).
        case named([UserID])
    }

    public var people: People
    /// Leaves out those who hold the notification already (as the change
    /// begins: those it links itself are pushed).
    public var lessHolders: Bool
    /// Puts the notification in their inbox (the holders have it).
    public var links: Bool

    public init(_ people: People, lessHolders: Bool = false, links: Bool = false) {
        self.people = people
        self.lessHolders = lessHolders
        self.links = links
    }

    /// Everyone who holds it: a changed alarm shown again, an
    /// acknowledgement's withdrawals. Who deleted it is left alone.
    public static let holders = Self(.holders)

    /// An updated notification's subscribers whose filters it newly passes
    /// (`FilterMatcher.newlyMatching`), who do not have it yet.
    public static func newlyMatching(filters: [Int64]) -> Self {
        Self(.subscribersHolding(filters: filters), lessHolders: true, links: true)
    }

    /// An escalation step's callees, each given it; pushed unless the step
    /// leaves holders be (the first, whose post pushed them) and they hold it.
    public static func called(_ people: [UserID], pushHolders: Bool) -> Self {
        Self(.named(people), lessHolders: !pushHolders, links: true)
    }
}
