import Foundation

/// One notification to store: what, for which service, as of when.
public struct PublishRequest: Sendable {
    public var draft: NotificationDraft
    public var serviceID: UUID
    public var at: Date
    /// Which subscribers' filters let it through (set by the `Publisher`).
    public var filters: FilterVerdicts
    /// The most subscribers the publish links and queues itself; a service
    /// with more gets a fan-out job instead (`FanoutStore`), expanded after
    /// the answer. nil: every audience is linked in the publish.
    public var inlineAudience: Int?

    public init(_ draft: NotificationDraft, serviceID: UUID, at: Date, filters: FilterVerdicts = FilterVerdicts(), inlineAudience: Int? = nil) {
        self.draft = draft
        self.serviceID = serviceID
        self.at = at
        self.filters = filters
        self.inlineAudience = inlineAudience
    }
}

/// What a batch of publishes stored.
public struct PublishedBatch: Sendable {
    /// One per request, in their order: nil where the service does not exist.
    public var notifications: [NotificationRecord?]
    /// False only when certainly no push was queued (nobody subscribed with
    /// a device): the workers need no wake-up then.
    public var queuedDeliveries: Bool
    /// Whether some notification's audience was left to a fan-out job
    /// (`FanoutStore`): only then is the fan-out service woken.
    public var fannedOut: Bool

    public init(notifications: [NotificationRecord?], queuedDeliveries: Bool, fannedOut: Bool = false) {
        self.notifications = notifications
        self.queuedDeliveries = queuedDeliveries
        self.fannedOut = fannedOut
    }
}

/// Notifications and the inbox links that give each subscriber their own copy.
public protocol NotificationStore: Sendable {
    /// Stores notifications, links each to every current subscriber's inbox
    /// and queues one delivery per subscriber device, all in one transaction
    /// (one commit, one wake-up). Only the `Publisher` calls this: it
    /// validates the drafts, gathers concurrent publishes into batches and
    /// wakes the workers when pushes were queued.
    func publish(_ batch: [PublishRequest]) async throws -> PublishedBatch
    /// The service's notification with this sender's key, if any.
    func notification(serviceID: UUID, key: String) async throws -> NotificationRecord?
    /// Replaces a notification's content (same id; inbox items stay, and
    /// live streams see the change) and gives it to `audience` (the
    /// `Publisher` decides: `Audience.newlyMatching`). Nil when it no longer
    /// exists; `queued` says whether pushes were.
    func updateNotification(
        id: NotificationID, with draft: NotificationDraft, reaching audience: Audience, at: Date
    ) async throws -> (notification: NotificationRecord, queued: Bool)?
    func notification(id: NotificationID) async throws -> NotificationRecord?
    /// A notification Herald writes itself to named people (issue 42: a
    /// shift's notice), under its draft's `key` on `serviceID`: stored, put
    /// in their inbox and pushed, in one transaction. Nil, changing nothing,
    /// when the service holds a notification with that key already (told
    /// before, by any replica) or does not exist. Only the `Publisher` calls
    /// this.
    func notify(_ draft: NotificationDraft, to people: [UserID], on serviceID: UUID, at: Date) async throws -> NotificationRecord?
    /// The newest `limit` items of a user's inbox, in the given order (the
    /// old server's paging, which the mobile apps use).
    func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem]
    /// A page of a user's inbox by notification id, `start.isNewestFirst`
    /// deciding the order, holding only what `filter` lets through.
    func inboxPage(userID: UserID, from start: PageStart, limit: Int, filter: InboxFilter) async throws -> [InboxItem]
    /// A page of a service's notifications by id.
    func notificationsPage(serviceID: UUID, from start: PageStart, limit: Int) async throws -> [NotificationRecord]
    /// Applies read/unread/deleted to a user's inbox at `at`; ids not in it
    /// are skipped. Live streams hear of it (`InboxSignal.changed`).
    func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus], at: Date) async throws
    /// What happened to a user's inbox after `since`, oldest first, at most
    /// `limit`: items added or changed, and items deleted (kept a day).
    func inboxChanges(userID: UserID, since: Date, limit: Int) async throws -> [InboxChange]
    /// The inbox items a notification made for those of `userIDs` who got
    /// it, each with when it last changed for them (`changedAt`).
    func inboxItems(notificationID: NotificationID, userIDs: [UserID]) async throws -> [UserID: InboxItem]
    /// Calls `signal` whenever any replica publishes or changes an inbox,
    /// until the task is cancelled.
    func listenForInboxSignals(_ signal: @escaping @Sendable (InboxSignal) -> Void) async throws
    func unreadCount(userID: UserID) async throws -> Int
}

extension NotificationStore {
    /// One notification (tests, tools): nil when the service does not exist.
    public func publish(_ draft: NotificationDraft, serviceID: UUID, at date: Date) async throws -> NotificationRecord? {
        try await publish([PublishRequest(draft, serviceID: serviceID, at: date)]).notifications.first ?? nil
    }

    /// An inbox change made now (tests, tools).
    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus]) async throws {
        try await updateInbox(userID: userID, changes, at: Timestamp.now())
    }
}
