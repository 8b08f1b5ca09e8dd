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

    /// A row of `users_services_filters` (newer versions of the old server).
    public struct KeywordFilter: Sendable, Equatable {
        public var userID: Int64
        public var serviceID: UUID
        public var include: [String]
        public var exclude: [String]

        /// The lists as stored: the old server keeps each as one string of
        /// keywords separated by ';' (it splits on ';' and trims each). A
        /// JSON array or a PostgreSQL array (`{disk,"cold box"}`) is read
        /// too, for a site that changed the column's type.
        init(userID: Int64, serviceID: UUID, include: String, exclude: String) {
            self.userID = userID
            self.serviceID = serviceID
            self.include = Self.keywords(include)
            self.exclude = Self.keywords(exclude)
        }

        static func keywords(_ stored: String) -> [String] {
            let text = stored.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("["), let list = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) { return list }
            if text.hasPrefix("{"), text.hasSuffix("}") { return postgresArray(text.dropFirst().dropLast()) }
            return text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        /// The elements of a PostgreSQL array literal's inside: quoted ones
        /// with backslash escapes, bare ones up to the next comma.
        static func postgresArray(_ inside: Substring) -> [String] {
            var elements: [String] = []
            var current = ""
            var quoted = false
            var escaped = false
            for character in inside {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted.toggle()
                } else if character == ",", !quoted {
                    elements.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !inside.isEmpty { elements.append(current) }
            return elements.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "NULL" }
        }
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
    /// Rows of `users_services_filters` (newer versions only; none without the table).
    func keywordFilters() async throws -> [ESSRows.KeywordFilter]
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
