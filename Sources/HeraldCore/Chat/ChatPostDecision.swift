import Foundation

/// What a sweep does with one room's due posts (issue 43), decided here;
/// the use case only carries it out. Pure.
///
/// New posts go one by one while the room's budget lasts (CHAT_POSTS_PER_MINUTE,
/// counted over the last minute, a digest counting once); past it the rest
/// are folded into one digest post, so a flood of alarms is one message,
/// not a hundred, and the chat service's rate limit is not met. The most
/// severe go first. A post handed over before a crash is looked for before
/// it is posted again (never twice). A posted one is edited when what it
/// shows changed (taken, resolved, updated); a digested or failed one is
/// left as it is.
public enum ChatPostDecision {
    public enum Action: Sendable, Equatable {
        case post(ChatPost, ChatMessage)
        case digest([ChatPost], ChatMessage)
        /// Handed over before: find it in the room by its key; post it if absent.
        case recover(ChatPost, ChatMessage)
        case edit(ChatPost, ChatMessage)
        /// Nothing to send: its due mark is cleared.
        case settle(ChatPost)
        /// Its notification is gone.
        case forget(ChatPost)
        /// The room's budget is spent for now: tried again then.
        case wait(ChatPost, until: Date)
    }

    /// At most this many tries of one post (about an hour with the backoff).
    public static let maxAttempts = 12

    public static func plan(
        room: ChatRoom, due: [ChatPost], notifications: [NotificationID: NotificationRecord], acknowledgements: [NotificationID: Acknowledgement],
        madeLastMinute: Int, perMinute: Int, now: Date, language: Language = .en
    ) -> [Action] {
        var actions: [Action] = []
        var fresh: [(ChatPost, NotificationRecord)] = []
        for post in due {
            guard let notification = notifications[post.key.notificationID] else {
                actions.append(.forget(post))
                continue
            }
            let message = ChatMessage.of(notification, acknowledgement: acknowledgements[notification.id], answersBack: room.kind.answersBack, language: language)
            switch post.state {
            case .new: fresh.append((post, notification))
            case .handed: actions.append(.recover(post, message))
            case .posted:
                actions.append(room.kind.answersBack && post.ref != nil && message.fingerprint != post.shown ? .edit(post, message) : .settle(post))
            case .digested, .failed: actions.append(.settle(post))
            }
        }
        guard !fresh.isEmpty else { return actions }
        // The most severe first, then in the order they came.
        fresh.sort { a, b in
            let (ra, rb) = (a.1.severity?.rank ?? 0, b.1.severity?.rank ?? 0)
            return ra != rb ? ra > rb : a.0.key.notificationID < b.0.key.notificationID
        }
        var budget = max(0, perMinute - madeLastMinute)
        if fresh.count <= budget {
            for (post, notification) in fresh {
                actions.append(.post(post, ChatMessage.of(notification, acknowledgement: acknowledgements[notification.id], answersBack: room.kind.answersBack, language: language)))
            }
            return actions
        }
        guard budget > 0 else {
            // Spent: the minute's oldest post ages out within a minute; looked at again in 20 s
            // (not at every sweep: a flood's backlog would be claimed again and again).
            return actions + fresh.map { .wait($0.0, until: now.addingTimeInterval(20)) }
        }
        // One post of the budget is kept for the digest of the rest.
        budget -= 1
        for (post, notification) in fresh.prefix(budget) {
            actions.append(.post(post, ChatMessage.of(notification, acknowledgement: acknowledgements[notification.id], answersBack: room.kind.answersBack, language: language)))
        }
        let rest = Array(fresh.dropFirst(budget))
        actions.append(.digest(rest.map(\.0), ChatMessage.digest(rest.map(\.1), language: language)))
        return actions
    }

    /// The key a post is handed with; a digest's names its first notification.
    public static func postKey(room: Int64, notification: NotificationID, digest: Bool = false) -> String {
        "herald-\(room)-\(digest ? "d" : "")\(notification)"
    }

    /// The next try after a failure: 5 s doubling, at most 10 minutes.
    public static func retry(after attempts: Int, now: Date) -> Date {
        now.addingTimeInterval(min(600, 5 * pow(2, Double(max(0, attempts - 1)))))
    }
}
