import Foundation

/// The rows of the server Herald replaces (ESS Notify), as its SQLAlchemy
/// models and alembic versions define them: `users` (device tokens joined
/// by ';' in `_device_tokens`), `services` (UUIDs), `users_services`,
/// `notifications` (naive UTC timestamps) and `users_notifications`.
public enum ESSRows {
    public struct User: Sendable, Equatable {
        public var id: Int64
        public var username: String
        public var deviceTokens: String
        public var isActive: Bool
        public var isAdmin: Bool
    }

    public struct Service: Sendable, Equatable {
        public var id: UUID
        public var category: String
        public var color: String
        public var owner: String
    }

    public struct Subscription: Sendable, Equatable {
        public var userID: Int64
        public var serviceID: UUID
    }

    public struct Notification: Sendable, Equatable {
        public var id: Int64
        public var timestamp: Date
        public var title: String
        public var subtitle: String
        public var url: String
        public var serviceID: UUID
    }

    public struct InboxEntry: Sendable, Equatable {
        public var userID: Int64
        public var notificationID: Int64
        public var isRead: Bool
    }
}

/// Reads an ESS Notify database (PostgreSQL or SQLite).
public protocol ESSSource: Sendable {
    func users() async throws -> [ESSRows.User]
    func services() async throws -> [ESSRows.Service]
    func subscriptions() async throws -> [ESSRows.Subscription]
    func notificationCount() async throws -> Int
    /// Notifications with ids above `id`, in id order, at most `limit`.
    func notifications(after id: Int64, limit: Int) async throws -> [ESSRows.Notification]
    /// Inbox entries of the notifications with ids in `range`.
    func inbox(notificationIDs range: ClosedRange<Int64>) async throws -> [ESSRows.InboxEntry]
    /// Rows of `users_services_filters` (newer versions only; 0 without the table).
    func keywordFilterCount() async throws -> Int
}

extension UUID {
    /// An ESS service id: PostgreSQL's uuid text, or SQLite's 32 hex digits.
    init?(essText text: String) {
        if let id = UUID(uuidString: text) { self = id; return }
        let hex = Array(text)
        guard hex.count == 32 else { return nil }
        var dashed = ""
        for (index, character) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { dashed.append("-") }
            dashed.append(character)
        }
        guard let id = UUID(uuidString: dashed) else { return nil }
        self = id
    }
}

public struct ESSReadError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
