import Foundation

/// Something that happened to one inbox item, as a live stream tells it.
public struct InboxChange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Added, or its read flag changed: the item as it is now.
        case upserted(InboxItem)
        /// Deleted by the user.
        case removed(NotificationID)
    }

    public var kind: Kind
    /// When it happened (whole microseconds): a stream's position.
    public var at: Date

    public init(_ kind: Kind, at: Date) {
        self.kind = kind
        self.at = at
    }

    public var notificationID: NotificationID {
        switch kind {
        case .upserted(let item): item.notification.id
        case .removed(let id): id
        }
    }

    /// The item as it is now; nil for a removal.
    public var item: InboxItem? {
        if case .upserted(let item) = kind { return item }
        return nil
    }
}

/// What a store tells every replica's live streams: a notification was
/// published (to its subscribers' inboxes), or a user's inbox changed.
public enum InboxSignal: Sendable, Equatable {
    case published(NotificationID)
    case changed(UserID)
}

extension InboxChange {
    /// Of changes to the same items, the latest of each (an item read and
    /// its acknowledgement changed: one event, at the later time).
    public static func latestOfEach(_ changes: [InboxChange]) -> [InboxChange] {
        var latest: [NotificationID: InboxChange] = [:]
        for change in changes where latest[change.notificationID].map({ $0.at < change.at }) ?? true { latest[change.notificationID] = change }
        return latest.values.sorted { ($0.at, $0.notificationID) < ($1.at, $1.notificationID) }
    }
}
