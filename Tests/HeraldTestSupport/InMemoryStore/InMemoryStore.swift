import Foundation
import HeraldCore
import HeraldMigrations
import NIOConcurrencyHelpers

/// Every store protocol over values in memory, with the semantics of the
/// PostgreSQL and SQLite stores (the store tests run it beside them, so it
/// cannot drift): fast controller and worker tests, and faults on demand.
public final class InMemoryStore: Sendable {
    struct DeviceRow {
        var id: Int64
        var userID: UserID
        var token: String
        var platform: Platform
        var createdAt: Date
        var lastSeenAt: Date
    }

    struct DeliveryRow {
        var id: DeliveryID
        var notificationID: NotificationID
        var deviceID: Int64?
        var userID: UserID
        var platform: Platform
        var state: DeliveryState = .pending
        var attempts = 0
        var nextAttemptAt: Date
        var leaseUntil: Date?
        var lastError: String?
        var createdAt: Date
        var updatedAt: Date
        var purpose: DeliveryPurpose = .alert
        /// Claimed highest first (the severity's rank; a call above all).
        var priority = 0
        /// Queued by a fan-out: after the other pushes of the same priority.
        var bulk = false
        /// The express lane's (`ClaimedDelivery.isExpress`).
        var isExpress: Bool { priority >= DeliveryPriority.urgent && (purpose == .call || !bulk) }
    }

    /// A fan-out waiting to be expanded: its audience taken at the post.
    /// A fan-out job is a notification's and a kind's.
    struct FanoutKey: Hashable, Comparable {
        var notificationID: NotificationID
        var kind: FanoutJob.Kind

        static func < (lhs: FanoutKey, rhs: FanoutKey) -> Bool {
            (lhs.notificationID, lhs.kind.rawValue) < (rhs.notificationID, rhs.kind.rawValue)
        }
    }

    struct FanoutRow {
        var serviceID: UUID
        /// The subscribers at the post, in id order (chunks count them all),
        /// and those among them whose filter refused it.
        var subscribers: [UserID]
        var refused: Set<UserID>
        /// A withdrawal job's platforms.
        var platforms: [Platform] = []
        var afterUser: UserID = 0
        var claimedBy: String?
        var claimedUntil: Date?
    }

    struct State {
        var settings: [String: String] = [:]
        var users: [UserID: User] = [:]
        var passwordHashes: [UserID: String] = [:]
        /// Identities linked to accounts (OpenID subjects, other methods).
        var identities: [UserID: [AccountIdentity]] = [:]
        /// The web app's open sessions by id.
        var sessions: [String: (userID: UserID, expiresAt: Date)] = [:]
        var devices: [Int64: DeviceRow] = [:]
        var services: [UUID: ServiceRecord] = [:]
        /// Subscribers of each service.
        var subscriptions: [UUID: Set<UserID>] = [:]
        var tokens: [Int64: (token: ServiceToken, hash: String)] = [:]
        var templates: [UUID: NotificationTemplates] = [:]
        var rateLimits: [UUID: RateLimit] = [:]
        var alerting: [UUID: ServiceAlerting] = [:]
        var removedDevices: [Int64: (device: DeviceRow, removedAt: Date, reason: String)] = [:]
        var notifications: [NotificationID: NotificationRecord] = [:]
        var origins: [NotificationID: NotificationOrigin] = [:]
        /// Who took each notification (the first acknowledgement).
        var acknowledgements: [NotificationID: Acknowledgement] = [:]
        /// Who last withdrew each notification's acknowledgement, when.
        var withdrawals: [NotificationID: (userID: UserID?, username: String, at: Date)] = [:]
        var writeBacks: [NotificationID: (record: WriteBackRecord, claimedBy: String?, claimedUntil: Date?)] = [:]
        var writeBackTargets: [UUID: WriteBackTarget] = [:]
        /// On call (issue 26): rotas, policies, escalations and their calls,
        /// each person's quiet hours, snoozes and calendar secret.
        var rotas: [Int64: StoredRota] = [:]
        var policies: [UUID: EscalationPolicy] = [:]
        var fanouts: [FanoutKey: FanoutRow] = [:]
        var escalations: [NotificationID: (record: EscalationRecord, serviceID: UUID, claimedBy: String?, claimedUntil: Date?)] = [:]
        var escalationCalls: [NotificationID: [EscalationCall]] = [:]
        var escalationEvents: [NotificationID: [EscalationEvent]] = [:]
        var quietHours: [UserID: QuietHours] = [:]
        var snoozes: [UserID: [UUID: Date]] = [:]
        /// Counts changes of quiet hours and snoozes (`quietChoicesStamp`).
        var quietChoicesStamp: Int64 = 0
        /// Each person's feed secret's hash, and each rota's.
        var calendarSecrets: [UserID: String] = [:]
        var rotaFeedHashes: [Int64: String] = [:]
        /// Each user's inbox: notification id → read.
        var inbox: [UserID: [NotificationID: Bool]] = [:]
        /// Each user's starred inbox items.
        var starred: [UserID: Set<NotificationID>] = [:]
        /// Shared filter rows by id, and each user's choice per service.
        var filterRows: [Int64: StoredFilter] = [:]
        var userFilters: [UserID: [UUID: Int64]] = [:]
        /// Held notifications and their lease.
        var scheduled: [Int64: (ScheduledNotification, Date?)] = [:]
        var recurring: [Int64: (RecurringNotification, Date?)] = [:]
        /// Feeds and their lease.
        var feeds: [Int64: (FeedRecord, Date?)] = [:]
        /// When each inbox item last changed: (user, notification) → time.
        var inboxChangedAt: [UserID: [NotificationID: Date]] = [:]
        /// Deleted inbox items: (user) → [(notification, when)].
        var removals: [UserID: [(NotificationID, Date)]] = [:]
        var deliveries: [DeliveryID: DeliveryRow] = [:]
        var alertStates: [UUID: [String: AlertState]] = [:]
        var parked: [ParkedMessage] = []
        /// Imported notifications by their source's key.
        var imported: [String: NotificationID] = [:]
        var lastID: Int64 = 0

        /// Notifications gone (their service deleted, or pruned) with what
        /// hangs on them, as the databases' foreign keys and deletes take it.
        mutating func forgetNotifications(_ gone: Set<NotificationID>) {
            guard !gone.isEmpty else { return }
            notifications = notifications.filter { !gone.contains($0.key) }
            origins = origins.filter { !gone.contains($0.key) }
            acknowledgements = acknowledgements.filter { !gone.contains($0.key) }
            withdrawals = withdrawals.filter { !gone.contains($0.key) }
            writeBacks = writeBacks.filter { !gone.contains($0.key) }
            escalations = escalations.filter { !gone.contains($0.key) }
            escalationCalls = escalationCalls.filter { !gone.contains($0.key) }
            escalationEvents = escalationEvents.filter { !gone.contains($0.key) }
            fanouts = fanouts.filter { !gone.contains($0.key.notificationID) }
            imported = imported.filter { !gone.contains($0.value) }
            for user in inbox.keys { inbox[user] = inbox[user]?.filter { !gone.contains($0.key) } }
            for user in starred.keys { starred[user]?.subtract(gone) }
            for user in inboxChangedAt.keys { inboxChangedAt[user] = inboxChangedAt[user]?.filter { !gone.contains($0.key) } }
            deliveries = deliveries.filter { !gone.contains($0.value.notificationID) }
        }

        /// A deleted service's rows, as the databases cascade them.
        mutating func forgetService(_ id: UUID) {
            forgetNotifications(Set(notifications.values.filter { $0.serviceID == id }.map(\.id)))
            subscriptions[id] = nil
            tokens = tokens.filter { $0.value.token.serviceID != id }
            templates[id] = nil
            rateLimits[id] = nil
            alerting[id] = nil
            writeBackTargets[id] = nil
            policies[id] = nil
            for user in snoozes.keys { snoozes[user]?[id] = nil }
            alertStates[id] = nil
            filterRows = filterRows.filter { $0.value.serviceID != id }
            for user in userFilters.keys { userFilters[user]?[id] = nil }
            scheduled = scheduled.filter { $0.value.0.serviceID != id }
            recurring = recurring.filter { $0.value.0.serviceID != id }
            feeds = feeds.filter { $0.value.0.serviceID != id }
        }

        /// A deleted user's rows, as the databases cascade them (their
        /// pending deliveries stay, to be skipped, as there).
        mutating func forgetUser(_ id: UserID) {
            passwordHashes[id] = nil
            identities[id] = nil
            sessions = sessions.filter { $0.value.userID != id }
            devices = devices.filter { $0.value.userID != id }
            removedDevices = removedDevices.filter { $0.value.device.userID != id }
            for service in subscriptions.keys { subscriptions[service]?.remove(id) }
            inbox[id] = nil
            starred[id] = nil
            inboxChangedAt[id] = nil
            userFilters[id] = nil
            quietHours[id] = nil
            snoozes[id] = nil
            calendarSecrets[id] = nil
            for rota in rotas.keys {
                rotas[rota]?.members.removeAll { $0 == id }
                rotas[rota]?.overrides.removeAll { $0.userID == id }
            }
            for notification in acknowledgements.keys where acknowledgements[notification]?.userID == id {
                acknowledgements[notification]?.userID = nil
            }
            // A withdrawal is kept by name once its account is gone (ON DELETE SET NULL).
            for notification in withdrawals.keys where withdrawals[notification]?.userID == id {
                withdrawals[notification]?.userID = nil
            }
        }

        /// Ids are never reused, as in the databases.
        mutating func nextID() -> Int64 {
            lastID += 1
            return lastID
        }

        func unread(_ userID: UserID) -> Int {
            inbox[userID, default: [:]].filter { !$0.value && isShown($0.key, to: userID) }.count
        }

        /// An expired notification leaves every inbox (starred ones stay).
        func isShown(_ id: NotificationID, to userID: UserID, now: Date = Date()) -> Bool {
            guard let expiresAt = notifications[id]?.expiresAt else { return true }
            return expiresAt > now || starred[userID]?.contains(id) == true
        }
    }

    let state = NIOLockedValueBox(State())
    /// Operations told to fail, for fault tests.
    public let faults = StoreFaults()
    let inboxSignals = SignalBroadcaster<InboxSignal>()
    /// Quiet hours and snoozes changed through this store (`QuietHoursStore.quietChoicesChangedHere`).
    public let quietChoicesChangedHere = LocalChangeCount()
    /// One alert unit of work at a time, as the databases' per-service lock.
    let alertUnits = AsyncMutex()

    public init() {}

    /// Runs `body` on the state under the lock: each operation is atomic,
    /// as a transaction is.
    func withState<T>(_ operation: StoreFaults.Operation? = nil, _ body: (inout State) throws -> T) throws -> T {
        if let operation, let error = faults.take(operation) { throw error }
        return try state.withLockedValue(body)
    }
}

/// Failures an `InMemoryStore` raises on demand.
public final class StoreFaults: Sendable {
    public enum Operation: Sendable, Hashable {
        case publish
        case publishAlertChanges
        case claimDeliveries
        case recordDeliveries
        case park
        case appliedMigrations
        /// Looking an account up by name (every signed-in request does).
        case readAccount
        /// Making every waiting retry of a provider due (its return), not a canary's one.
        case hastenAllRetries
    }

    private let planned = NIOLockedValueBox<[Operation: (remaining: Int, error: any Error)]>([:])

    /// The next `times` calls of `operation` throw `error`.
    public func fail(_ operation: Operation, times: Int = 1, with error: any Error = InjectedFault()) {
        planned.withLockedValue { $0[operation] = (times, error) }
    }

    func take(_ operation: Operation) -> (any Error)? {
        planned.withLockedValue { planned in
            guard let plan = planned[operation], plan.remaining > 0 else { return nil }
            planned[operation] = (plan.remaining - 1, plan.error)
            return plan.error
        }
    }
}

public struct InjectedFault: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "injected fault" }
}

extension InMemoryStore: SharedSettings {
    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        try withState { state in
            if let value = state.settings[name] { return value }
            state.settings[name] = candidate
            return candidate
        }
    }
}

extension InMemoryStore: SchemaStatus {
    /// Every migration this build ships: the fake has the current schema by construction.
    public func appliedMigrations() async throws -> Set<Int> {
        try withState(.appliedMigrations) { _ in Set(try Migrations.all(for: .sqlite).map(\.version)) }
    }
}

extension InMemoryStore: LegacyImportStore {
    public func importService(_ service: ServiceRecord) async throws -> Bool {
        try withState { state in
            defer { state.services[service.id] = service }
            return state.services[service.id] == nil
        }
    }

    public func importNotification(key: String, _ notification: ImportedNotification, inbox: [UserID: Bool]) async throws -> Bool {
        try withState { state in
            var created = false
            let id: NotificationID
            if let known = state.imported[key] {
                id = known
            } else {
                guard state.services[notification.serviceID] != nil else { throw StoreError.invalidInput("no service \(notification.serviceID)") }
                id = state.nextID()
                state.notifications[id] = NotificationRecord(
                    id: id, serviceID: notification.serviceID, timestamp: notification.createdAt,
                    draft: NotificationDraft(title: notification.title, subtitle: notification.subtitle, url: notification.url)
                )
                state.imported[key] = id
                created = true
            }
            for (userID, isRead) in inbox { state.inbox[userID, default: [:]][id] = isRead }
            return created
        }
    }
}
