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
    /// Sets the user's filter on a service (an empty filter removes it),
    /// in one transaction: the shared row for its content is found or made,
    /// and the row the user held before is deleted when nobody else holds
    /// it, so publishing never evaluates a filter nobody has. A content the
    /// service has no row for yet is refused when other users already hold
    /// `maxDistinct` distinct filters on it.
    func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter, maxDistinct: Int) async throws -> FilterChange
    /// The filters of these services stored after `id`, in the order they
    /// were stored, held or not. A filter's row never changes once written
    /// (a new content is a new row) and ids only grow, so a publisher that
    /// keeps what it read asks only for what is new: with nothing new this
    /// is one index probe, however many filters a service has.
    func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter]
}

/// What became of a filter change.
public enum FilterChange: Sendable, Equatable {
    case saved
    case serviceNotFound
    /// The service has as many distinct filters as it may.
    case overLimit
}

extension FilterStore {
    /// Without a cap (tools, tests of other things).
    @discardableResult
    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter) async throws -> Bool {
        try await setFilter(userID: userID, serviceID: serviceID, filter, maxDistinct: .max) == .saved
    }
}

/// How a publish treats subscribers who hold a filter: those whose filter
/// is among `rejected` do not receive it. Only refusals travel (letting
/// through is the default), so a notification every filter lets through is
/// stored as if there were none, and a filter the publisher does not know
/// yet (saved a moment ago) lets it through.
public struct FilterVerdicts: Sendable, Equatable {
    public var rejected: [Int64]

    public init(rejected: [Int64] = []) {
        self.rejected = rejected
    }

    public var isEmpty: Bool { rejected.isEmpty }
}
