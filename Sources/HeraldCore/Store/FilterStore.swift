import Foundation

/// A filter as stored: shared by every user of a service who wrote the same
/// one, so publishing evaluates each distinct filter once.
public struct StoredFilter: Sendable, Equatable {
    public var id: Int64
    public var serviceID: UUID
    public var filter: SubscriptionFilter

    public init(id: Int64, serviceID: UUID, filter: SubscriptionFilter) {
        self.id = id
        self.serviceID = serviceID
        self.filter = filter
    }
}

/// Users' filters on services (see `SubscriptionFilter`). A filter is kept
/// apart from the subscription: unsubscribing and subscribing again keeps it.
public protocol FilterStore: Sendable {
    /// The user's filter on a service; nil: none.
    func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter?
    /// The user's filters on every service that has one.
    func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter]
    /// Sets the user's filter on a service; an empty filter removes it.
    /// False when the service does not exist.
    func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter) async throws -> Bool
    /// The distinct filters that users of these services hold.
    func filtersInUse(serviceIDs: [UUID]) async throws -> [StoredFilter]
}

/// How a publish treats subscribers who hold a filter: those whose filter
/// is among `known` receive it only if it is among `matched` too; filters
/// not yet known to the publisher (saved a moment ago) let it through.
public struct FilterVerdicts: Sendable, Equatable {
    public var known: [Int64]
    public var matched: [Int64]

    public init(known: [Int64] = [], matched: [Int64] = []) {
        self.known = known
        self.matched = matched
    }

    public var isEmpty: Bool { known.isEmpty }
}
