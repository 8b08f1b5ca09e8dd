import Foundation

public typealias NotificationID = Int64

/// A message posted to a service.
public struct NotificationRecord: Sendable, Equatable {
    public var id: NotificationID
    public var serviceID: UUID
    public var timestamp: Date
    public var title: String
    public var subtitle: String
    public var url: String
    /// An alert's level (critical, warning, ...), set by the bridges.
    public var severity: String?

    public init(id: NotificationID, serviceID: UUID, timestamp: Date, title: String, subtitle: String, url: String, severity: String? = nil) {
        self.id = id
        self.serviceID = serviceID
        self.timestamp = timestamp
        self.title = title
        self.subtitle = subtitle
        self.url = url
        self.severity = severity
    }
}

/// What a sender posts.
public struct NotificationDraft: Sendable, Equatable {
    public var title: String
    public var subtitle: String
    public var url: String
    public var severity: String?

    public init(title: String, subtitle: String = "", url: String = "", severity: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.url = url
        self.severity = severity
    }
}

/// A notification in one user's inbox, with that user's read flag.
public struct InboxItem: Sendable, Equatable {
    public var notification: NotificationRecord
    public var isRead: Bool

    public init(notification: NotificationRecord, isRead: Bool) {
        self.notification = notification
        self.isRead = isRead
    }
}

/// What a user can do to an inbox item.
public enum InboxStatus: String, Sendable, CaseIterable, Codable {
    case read
    case unread
    case deleted
}

/// The order in which an inbox page is returned. The page always holds the
/// newest items; `ascending` only reverses it (what the first apps expect).
public enum InboxOrder: String, Sendable, CaseIterable {
    case ascending = "asc"
    case descending = "desc"
}
