import Foundation
import HeraldCore

extension InMemoryStore: NotificationStore {
    public func publish(_ batch: [PublishRequest]) async throws -> PublishedBatch {
        let (notifications, queued, fannedOut) = try withState(.publish) { state in
            let before = state.deliveries.count
            let stored = batch.map {
                Self.publish($0.draft, serviceID: $0.serviceID, at: $0.at, filters: $0.filters, inlineAudience: $0.inlineAudience, in: &state)
            }
            let fannedOut = stored.contains { $0.map { state.fanouts[FanoutKey(notificationID: $0.id, kind: .post)] != nil } ?? false }
            return (stored, state.deliveries.count > before || fannedOut, fannedOut)
        }
        for notification in notifications.compactMap({ $0 }) { inboxSignals.send(.published(notification.id)) }
        return PublishedBatch(notifications: notifications, queuedDeliveries: queued, fannedOut: fannedOut)
    }

    /// The notification, its inbox links and its deliveries, inside the caller's atomic step.
    static func publish(
        _ draft: NotificationDraft, serviceID: UUID, at date: Date, filters: FilterVerdicts = FilterVerdicts(), inlineAudience: Int? = nil,
        in state: inout State
    ) -> NotificationRecord? {
        guard state.services[serviceID] != nil else { return nil }
        var content = draft
        content.origin = nil
        let notification = NotificationRecord(id: state.nextID(), serviceID: serviceID, timestamp: date, draft: content)
        state.notifications[notification.id] = notification
        // Kept aside, as the databases keep it in columns only the claim reads.
        state.origins[notification.id] = draft.origin
        let subscribers = (state.subscriptions[serviceID] ?? []).filter { user in
            guard let filter = state.userFilters[user]?[serviceID] else { return true }
            return !filters.rejected.contains(filter)
        }
        if let inlineAudience, (state.subscriptions[serviceID]?.count ?? 0) > inlineAudience {
            let all = state.subscriptions[serviceID] ?? []
            state.fanouts[FanoutKey(notificationID: notification.id, kind: .post)] = FanoutRow(
                serviceID: serviceID, subscribers: all.sorted(), refused: all.subtracting(subscribers)
            )
        } else {
            state.link(notification, to: subscribers, at: date, queuedAt: date)
        }
        state.startEscalation(of: notification.id, serviceID: serviceID, changedTo: draft, at: date)
        return notification
    }

    /// Oldest first, as the databases order by (created_at, id).
    static func chronological(_ notifications: some Sequence<NotificationRecord>) -> [NotificationRecord] {
        notifications.sorted { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }
    }

    public func notification(serviceID: UUID, key: String) async throws -> NotificationRecord? {
        try withState { state in state.notifications.values.first { $0.serviceID == serviceID && $0.key == key } }
    }

    public func updateNotification(
        id: NotificationID, with draft: NotificationDraft, renotify: [Int64], at now: Date
    ) async throws -> (notification: NotificationRecord, queued: Bool)? {
        let updated = try withState(.publish) { state -> (NotificationRecord, Bool)? in
            guard var notification = state.notifications[id] else { return nil }
            (notification.title, notification.subtitle, notification.url) = (draft.title, draft.subtitle, draft.url)
            (notification.severity, notification.attributes, notification.expiresAt) = (draft.severity, draft.attributes, draft.expiresAt)
            notification.alarm = draft.alarm
            state.notifications[id] = notification
            state.startEscalation(of: id, serviceID: notification.serviceID, changedTo: draft, at: now)
            for user in state.inbox.keys where state.inbox[user]?[id] != nil { state.inboxChangedAt[user, default: [:]][id] = now }
            let subscribers = state.subscriptions[notification.serviceID] ?? []
            let linked = subscribers.filter { user in
                guard let filter = state.userFilters[user]?[notification.serviceID], renotify.contains(filter) else { return false }
                return state.inbox[user]?[id] == nil
            }
            for user in linked {
                state.inbox[user, default: [:]][id] = false
                state.inboxChangedAt[user, default: [:]][id] = now
            }
            var queued = false
            for device in state.devices.values.sorted(by: { $0.id < $1.id }) where linked.contains(device.userID) {
                let delivery = state.nextID()
                state.deliveries[delivery] = DeliveryRow(
                    id: delivery, notificationID: id, deviceID: device.id, userID: device.userID, platform: device.platform,
                    nextAttemptAt: now, createdAt: now, updatedAt: now,
                    priority: DeliveryPriority.of(draft.severity)  // as both databases queue it
                )
                queued = true
            }
            return (notification, queued)
        }
        if let updated { inboxSignals.send(.published(updated.0.id)) }
        return updated
    }


    public func notification(id: NotificationID) async throws -> NotificationRecord? {
        try withState { $0.notifications[id] }
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        try withState { state in
            let links = state.inbox[userID] ?? [:]
            let items = Self.chronological(links.keys.filter { state.isShown($0, to: userID) }.compactMap { state.notifications[$0] }).suffix(limit)
                .map {
                    InboxItem(
                        notification: $0, isRead: links[$0.id] ?? false, isStarred: state.starred[userID]?.contains($0.id) == true,
                        acknowledgement: state.acknowledgements[$0.id]
                    )
                }
            return order == .ascending ? Array(items) : items.reversed()
        }
    }

    public func inboxPage(userID: UserID, from start: PageStart, limit: Int, filter: InboxFilter) async throws -> [InboxItem] {
        try withState { state in
            let links = state.inbox[userID] ?? [:]
            let (before, after) = start.bounds
            let matching = links.keys.filter { id in
                guard (before.map { id < $0 } ?? true) && (after.map { id > $0 } ?? true), let notification = state.notifications[id],
                      state.isShown(id, to: userID) else { return false }
                return (filter.serviceID.map { notification.serviceID == $0 } ?? true) && (filter.isRead.map { links[id] == $0 } ?? true)
                    && (filter.isStarred.map { (state.starred[userID]?.contains(id) == true) == $0 } ?? true)
            }.sorted()
            let page = start.isNewestFirst ? Array(matching.reversed().prefix(limit)) : Array(matching.prefix(limit))
            return page.compactMap { id in
                state.notifications[id].map {
                    InboxItem(
                        notification: $0, isRead: links[id] ?? false, isStarred: state.starred[userID]?.contains(id) == true,
                        acknowledgement: state.acknowledgements[id]
                    )
                }
            }
        }
    }

    public func notificationsPage(serviceID: UUID, from start: PageStart, limit: Int) async throws -> [NotificationRecord] {
        try withState { state in
            let (before, after) = start.bounds
            let matching = state.notifications.values.filter { notification in
                notification.serviceID == serviceID && (before.map { notification.id < $0 } ?? true) && (after.map { notification.id > $0 } ?? true)
            }.sorted { $0.id < $1.id }
            return start.isNewestFirst ? Array(matching.reversed().prefix(limit)) : Array(matching.prefix(limit))
        }
    }

    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus], at now: Date) async throws {
        try withState { state in
            for (id, status) in changes where state.inbox[userID]?[id] != nil {
                switch status {
                case .read, .unread:
                    state.inbox[userID]?[id] = status == .read
                    state.inboxChangedAt[userID, default: [:]][id] = now
                case .starred, .unstarred:
                    if status == .starred { state.starred[userID, default: []].insert(id) } else { state.starred[userID]?.remove(id) }
                    state.inboxChangedAt[userID, default: [:]][id] = now
                case .deleted:
                    state.inbox[userID]?[id] = nil
                    state.starred[userID]?.remove(id)
                    state.inboxChangedAt[userID]?[id] = nil
                    state.removals[userID, default: []].append((id, now))
                }
            }
        }
        inboxSignals.send(.changed(userID))
    }

    public func inboxChanges(userID: UserID, since: Date, limit: Int) async throws -> [InboxChange] {
        try withState { state in
            let links = state.inbox[userID] ?? [:]
            let changed = (state.inboxChangedAt[userID] ?? [:]).filter { $0.value > since }.compactMap { id, at -> InboxChange? in
                guard let notification = state.notifications[id], let isRead = links[id], state.isShown(id, to: userID) else { return nil }
                return InboxChange(.upserted(InboxItem(
                    notification: notification, isRead: isRead, isStarred: state.starred[userID]?.contains(id) == true,
                    acknowledgement: state.acknowledgements[id]
                )), at: at)
            }
            let removed = (state.removals[userID] ?? []).filter { $0.1 > since }.map { InboxChange(.removed($0.0), at: $0.1) }
            return Array((changed + removed).sorted { ($0.at, $0.notificationID) < ($1.at, $1.notificationID) }.prefix(limit))
        }
    }

    public func inboxItems(notificationID: NotificationID, userIDs: [UserID]) async throws -> [UserID: InboxItem] {
        try withState { state in
            guard let notification = state.notifications[notificationID] else { return [:] }
            var items: [UserID: InboxItem] = [:]
            for user in userIDs {
                if let isRead = state.inbox[user]?[notificationID] {
                    items[user] = InboxItem(
                        notification: notification, isRead: isRead, isStarred: state.starred[user]?.contains(notificationID) == true,
                        acknowledgement: state.acknowledgements[notificationID], changedAt: state.inboxChangedAt[user]?[notificationID]
                    )
                }
            }
            return items
        }
    }

    public func listenForInboxSignals(_ signal: @escaping @Sendable (InboxSignal) -> Void) async throws {
        await inboxSignals.listen(signal)
    }

    public func unreadCount(userID: UserID) async throws -> Int {
        try withState { $0.unread(userID) }
    }
}

extension InMemoryStore.State {
    /// Links `users`' inboxes to `notification` and queues their devices' pushes.
    mutating func link(_ notification: NotificationRecord, to users: some Sequence<UserID>, at date: Date, queuedAt: Date, bulk: Bool = false) {
        let users = Set(users)
        for user in users {
            inbox[user, default: [:]][notification.id] = false
            inboxChangedAt[user, default: [:]][notification.id] = date
        }
        for device in devices.values.sorted(by: { $0.id < $1.id }) where users.contains(device.userID) {
            let id = nextID()
            var row = InMemoryStore.DeliveryRow(
                id: id, notificationID: notification.id, deviceID: device.id, userID: device.userID, platform: device.platform,
                nextAttemptAt: queuedAt, createdAt: date, updatedAt: queuedAt
            )
            row.priority = DeliveryPriority.of(notification.severity)
            row.bulk = bulk
            deliveries[id] = row
        }
    }
}
