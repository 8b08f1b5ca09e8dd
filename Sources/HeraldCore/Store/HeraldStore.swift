import Foundation

/// Everything Herald keeps, in domain operations. Two implementations exist:
/// PostgreSQL (production, several replicas on one database) and SQLite (the
/// embedded single-node default). Each operation is one transaction.
public protocol HeraldStore: Sendable {
    // MARK: Settings
    /// The value stored under `name`, storing `candidate` first when there is
    /// none: the first replica to ask decides, the others read its choice.
    func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String

    // MARK: Users
    /// Creates a user; throws `StoreError.conflict` when the name is taken.
    func createUser(username: String, passwordHash: String?, isAdmin: Bool) async throws -> User
    func user(id: UserID) async throws -> User?
    func user(named username: String) async throws -> User?
    /// The stored bcrypt hash of a local account, nil for unknown or external users.
    func passwordHash(username: String) async throws -> String?
    func setPasswordHash(username: String, hash: String) async throws -> Bool
    /// All users sorted by username.
    func users() async throws -> [User]
    func updateUser(id: UserID, _ patch: UserPatch) async throws -> User?
    func deleteUser(id: UserID) async throws -> Bool
    func deleteUser(named username: String) async throws -> Bool
    func recordLogin(userID: UserID, expiresAt: Date) async throws
    func adminCount() async throws -> Int
    /// Device tokens per user, oldest registration first.
    func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]]

    // MARK: Devices
    func registerDevice(userID: UserID, token: String, platform: Platform, at: Date) async throws -> DeviceRegistration
    /// Removes a token from a user; false when the user did not have it.
    func removeDevice(userID: UserID, token: String) async throws -> Bool

    // MARK: Services
    /// All services sorted by category.
    func services() async throws -> [Service]
    func service(id: UUID) async throws -> Service?
    func createService(_ draft: ServiceDraft) async throws -> Service
    func updateService(id: UUID, _ patch: ServicePatch) async throws -> Service?
    /// Deletes a service with its notifications, inbox links, subscriptions and deliveries.
    func deleteService(id: UUID) async throws -> Bool
    /// All services sorted by category, each with the user's subscription flag.
    func userServices(userID: UserID) async throws -> [UserService]
    /// Applies subscription changes; unknown service ids are skipped.
    func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws

    // MARK: Notifications
    /// Stores a notification, links it to every current subscriber's inbox and
    /// queues one delivery per subscriber device, in one transaction.
    /// Returns nil when the service does not exist.
    func publish(_ draft: NotificationDraft, serviceID: UUID, at: Date) async throws -> Notification?
    /// A service's notifications, oldest first.
    func notifications(serviceID: UUID) async throws -> [Notification]
    /// The newest `limit` items of a user's inbox, in the given order.
    func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem]
    /// Applies read/unread/deleted to a user's inbox; ids not in it are skipped.
    func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus]) async throws
    func unreadCount(userID: UserID) async throws -> Int
    /// Deletes notifications older than the date; returns how many went.
    func deleteNotifications(olderThan: Date) async throws -> Int

    // MARK: Alert sources
    /// Records `alerts` for a service and publishes what `compose` makes of
    /// the ones that should be pushed (see `AlertDedupe`), in one transaction
    /// under a per-service lock, so that replicas receiving the same alerts
    /// at once push them once. Nil when the service does not exist.
    func publishAlerts(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at: Date, compose: AlertComposer
    ) async throws -> [Notification]?
    /// Nil when the service does not exist.
    func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at: Date) async throws -> ServiceToken?
    func serviceTokens(serviceID: UUID) async throws -> [ServiceToken]
    func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool
    /// True when a token with this hash belongs to the service; marks it used.
    func useServiceToken(serviceID: UUID, tokenHash: String, at: Date) async throws -> Bool
    func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates?
    /// Sets (or, with nil, removes) a service's templates; false when the service does not exist.
    func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at: Date) async throws -> Bool

    // MARK: Deliveries
    /// How many of a notification's deliveries are in each state.
    func deliveryCounts(notificationID: NotificationID) async throws -> [DeliveryState: Int]
    /// A notification's deliveries, one row per device.
    func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow]
    /// Leases up to `limit` due deliveries (pending or retrying, due by `now`,
    /// not leased by a live worker) until `leaseUntil`. Several workers may
    /// claim at once; none gets a delivery another holds.
    func claimDeliveries(limit: Int, now: Date, leaseUntil: Date) async throws -> [ClaimedDelivery]
    /// Records attempts' outcomes and releases their leases; a `dropped`
    /// outcome also removes the device.
    func recordDeliveries(_ results: [DeliveryResult], at: Date) async throws
    /// Deliveries waiting to be sent (pending or retrying).
    func queueDepth() async throws -> Int
    /// Calls `wake` whenever another process queues deliveries, until the
    /// task is cancelled (PostgreSQL LISTEN; SQLite has no other process to
    /// hear and waits for cancellation).
    func listenForDeliveries(_ wake: @escaping @Sendable () -> Void) async throws
    func notification(id: NotificationID) async throws -> Notification?
}

public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// A unique value (a username) is already taken.
    case conflict(String)
    /// The database URL is not one Herald understands.
    case invalidDatabaseURL(String)
    /// A migration failed; the message names it.
    case migrationFailed(String)

    public var description: String {
        switch self {
        case .conflict(let what): "\(what) already exists"
        case .invalidDatabaseURL(let reason): "invalid database URL: \(reason)"
        case .migrationFailed(let reason): "migration failed: \(reason)"
        }
    }
}
