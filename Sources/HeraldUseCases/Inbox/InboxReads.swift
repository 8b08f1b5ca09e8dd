import Foundation
import HeraldCore

/// What a user reads of their inbox (lists, pages, the unread count, the
/// live stream's changes), with one rule on top of the store
/// (`ServiceVisibility`): a confined account reads only the demo service's
/// notifications (issue 39), and nobody reads a private service's they may
/// not see (issue 41), whatever their inbox holds (an escalation's link, an
/// import, a role since taken away). Everyone else reads the store as it is.
public struct InboxReads: Sendable {
    let store: any NotificationStore & ServiceStore
    let visibility: ServiceVisibility
    /// The services, read at most every 2 s: every inbox read asks which
    /// are private, and polling apps must not each cost a query for it. A
    /// service made private leaves the subscriptions of those who may not
    /// see it at once; only their older items may show for those 2 s.
    private let services = KeyedCache<Int, [ServiceRecord]>(ttl: 2, capacity: 1)

    public init(store: any NotificationStore & ServiceStore, visibility: ServiceVisibility) {
        self.store = store
        self.visibility = visibility
    }

    /// The services a user may read; nil: every one (no private service
    /// is hidden from them, and they are not confined).
    public func readable(by user: User) async throws -> Set<UUID>? {
        if !visibility.isConfined(user), user.isAdmin { return nil }
        let services = try await self.services.value(of: 0, now: Date()) { _ in try await store.services() }
        guard visibility.isConfined(user) || services.contains(where: \.isPrivate) else { return nil }
        let shown = try await visibility.visible(services, to: user)
        return shown.count == services.count ? nil : Set(shown.map(\.id))
    }

    public func inbox(of user: User, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let items = try await store.inbox(userID: user.id, limit: limit, order: order)
        guard let readable = try await readable(by: user) else { return items }
        return items.filter { readable.contains($0.notification.serviceID) }
    }

    public func page(of user: User, from start: PageStart, limit: Int, filter: InboxFilter) async throws -> [InboxItem] {
        guard let readable = try await readable(by: user) else {
            return try await store.inboxPage(userID: user.id, from: start, limit: limit, filter: filter)
        }
        // One readable service (a site's demo service): the store pages it; more: what it pages is filtered.
        var filter = filter
        if let asked = filter.serviceID {
            guard readable.contains(asked) else { return [] }
        } else if readable.count == 1 {
            filter.serviceID = readable.first
        } else if readable.isEmpty {
            return []
        }
        return try await store.inboxPage(userID: user.id, from: start, limit: limit, filter: filter).filter { readable.contains($0.notification.serviceID) }
    }

    public func unreadCount(of user: User) async throws -> Int {
        guard let readable = try await readable(by: user) else { return try await store.unreadCount(userID: user.id) }
        var unread = 0
        for service in readable {
            unread += try await store.inboxPage(userID: user.id, from: .newest, limit: 1_000, filter: InboxFilter(serviceID: service, isRead: false)).count
        }
        return unread
    }

    /// The changes since a position (a stream resuming); a confined user's
    /// of other services are left out.
    public func changes(of user: User, since: Date, limit: Int) async throws -> [InboxChange] {
        let changes = try await store.inboxChanges(userID: user.id, since: since, limit: limit)
        guard let readable = try await readable(by: user) else { return changes }
        return changes.filter(Self.within(readable))
    }

    /// Whether a change may be sent to a user reading only `readable`
    /// (a removal names no service, and reveals nothing).
    public static func within(_ readable: Set<UUID>?) -> @Sendable (InboxChange) -> Bool {
        { change in
            guard let readable, let item = change.item else { return true }
            return readable.contains(item.notification.serviceID)
        }
    }
}
