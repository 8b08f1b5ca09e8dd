import Foundation

/// Services, who subscribes to them, and what each service keeps for its
/// senders (bearer tokens, webhook templates).
public protocol ServiceStore: Sendable {
    /// All services sorted by category.
    func services() async throws -> [ServiceRecord]
    func service(id: UUID) async throws -> ServiceRecord?
    func createService(_ draft: ServiceDraft) async throws -> ServiceRecord
    func updateService(id: UUID, _ patch: ServicePatch) async throws -> ServiceRecord?
    /// Deletes a service with its notifications, inbox links, subscriptions and deliveries.
    func deleteService(id: UUID) async throws -> Bool
    /// All services sorted by category, each with the user's subscription flag.
    func userServices(userID: UserID) async throws -> [UserService]
    /// Applies subscription changes; unknown service ids are skipped.
    func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws
    /// Subscribes every one of `userIDs` to the service in one statement (a
    /// team's new page service: its members at once); unknown ids are skipped.
    func subscribe(userIDs: Set<UserID>, to serviceID: UUID) async throws
    /// Who subscribes to the service.
    func subscriberIDs(serviceID: UUID) async throws -> [UserID]

    /// Nil when the service does not exist.
    func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at: Date) async throws -> ServiceToken?
    func serviceTokens(serviceID: UUID) async throws -> [ServiceToken]
    func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool
    /// True when a token with this hash belongs to the service; marks it used.
    func useServiceToken(serviceID: UUID, tokenHash: String, at: Date) async throws -> Bool
    func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates?
    /// Sets (or, with nil, removes) a service's templates; false when the service does not exist.
    func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at: Date) async throws -> Bool
    /// The service's own publish limit; nil: the default applies.
    func serviceRateLimit(serviceID: UUID) async throws -> RateLimit?
    /// Sets (or, with nil, removes) a service's own limit; false when the service does not exist.
    func setServiceRateLimit(serviceID: UUID, _ limit: RateLimit?, at: Date) async throws -> Bool
}
