/// Where a page of notifications starts, by notification id. Ids grow as
/// notifications are stored, so paging back from the newest (`before`) is
/// stable while new ones arrive, and `after` picks up exactly what came since.
public enum PageStart: Sendable, Equatable {
    /// The newest; the page runs back in time.
    case newest
    /// Older than this id; the page runs back in time (newest first).
    case before(NotificationID)
    /// Newer than this id; the page runs forward (oldest first).
    case after(NotificationID)
    /// Newer than `after` and older than `before`; the page runs forward.
    case between(after: NotificationID, before: NotificationID)

    /// The exclusive bounds: (before, after).
    public var bounds: (before: NotificationID?, after: NotificationID?) {
        switch self {
        case .newest: (nil, nil)
        case .before(let id): (id, nil)
        case .after(let id): (nil, id)
        case .between(let after, let before): (before, after)
        }
    }

    /// Whether the page's items come newest first.
    public var isNewestFirst: Bool {
        switch self {
        case .newest, .before: true
        case .after, .between: false
        }
    }
}

/// Which inbox items a page holds.
public struct InboxFilter: Sendable, Equatable {
    public var serviceID: UUID?
    /// Only read (true) or only unread (false) items; nil: both.
    public var isRead: Bool?
    /// Only starred (true) or only unstarred (false) items; nil: both.
    public var isStarred: Bool?

    public init(serviceID: UUID? = nil, isRead: Bool? = nil, isStarred: Bool? = nil) {
        self.serviceID = serviceID
        self.isRead = isRead
        self.isStarred = isStarred
    }
}

import Foundation
