import Foundation
import HeraldCore

extension InMemoryStore: ServiceStore {
    /// By category, then id, as the databases order them.
    static func ordered(_ services: some Sequence<ServiceRecord>) -> [ServiceRecord] {
        services.sorted { ($0.category, $0.id.uuidString.lowercased()) < ($1.category, $1.id.uuidString.lowercased()) }
    }

    public func services() async throws -> [ServiceRecord] {
        try withState { Self.ordered($0.services.values) }
    }

    public func service(id: UUID) async throws -> ServiceRecord? {
        try withState { $0.services[id] }
    }

    public func createService(_ draft: ServiceDraft) async throws -> ServiceRecord {
        try withState { state in
            let service = ServiceRecord(id: UUID(), category: draft.category, color: draft.color, owner: draft.owner)
            state.services[service.id] = service
            return service
        }
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> ServiceRecord? {
        try withState { state in
            guard var service = state.services[id] else { return nil }
            if let category = patch.category { service.category = category }
            if let color = patch.color { service.color = color }
            if let owner = patch.owner { service.owner = owner }
            state.services[id] = service
            return service
        }
    }

    public func deleteService(id: UUID) async throws -> Bool {
        try withState { state in
            guard state.services.removeValue(forKey: id) != nil else { return false }
            state.forgetService(id)
            return true
        }
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        try withState { state in
            Self.ordered(state.services.values).map { UserService(service: $0, isSubscribed: state.subscriptions[$0.id]?.contains(userID) ?? false) }
        }
    }

    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        try withState { state in
            for (service, subscribe) in changes where state.services[service] != nil {
                if subscribe { state.subscriptions[service, default: []].insert(userID) } else { state.subscriptions[service]?.remove(userID) }
            }
        }
    }

    public func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at now: Date) async throws -> ServiceToken? {
        try withState { state in
            guard state.services[serviceID] != nil else { return nil }
            let token = ServiceToken(id: state.nextID(), serviceID: serviceID, name: name, createdAt: now, lastUsedAt: nil)
            state.tokens[token.id] = (token, tokenHash)
            return token
        }
    }

    public func serviceTokens(serviceID: UUID) async throws -> [ServiceToken] {
        try withState { $0.tokens.values.map(\.token).filter { $0.serviceID == serviceID }.sorted { $0.id < $1.id } }
    }

    public func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool {
        try withState { state in
            guard state.tokens[id]?.token.serviceID == serviceID else { return false }
            state.tokens[id] = nil
            return true
        }
    }

    public func useServiceToken(serviceID: UUID, tokenHash: String, at now: Date) async throws -> Bool {
        try withState { state in
            guard let (id, _) = state.tokens.first(where: { $0.value.token.serviceID == serviceID && $0.value.hash == tokenHash }) else { return false }
            state.tokens[id]?.token.lastUsedAt = now
            return true
        }
    }

    public func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates? {
        try withState { $0.templates[serviceID] }
    }

    public func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at now: Date) async throws -> Bool {
        try withState { state in
            guard let templates else { return state.templates.removeValue(forKey: serviceID) != nil }
            guard state.services[serviceID] != nil else { return false }
            state.templates[serviceID] = templates
            return true
        }
    }

    public func serviceRateLimit(serviceID: UUID) async throws -> RateLimit? {
        try withState { $0.rateLimits[serviceID] }
    }

    public func setServiceRateLimit(serviceID: UUID, _ limit: RateLimit?, at now: Date) async throws -> Bool {
        try withState { state in
            guard state.services[serviceID] != nil else { return false }
            state.rateLimits[serviceID] = limit
            return true
        }
    }
}

extension InMemoryStore: ServiceAlertingStore {
    public func serviceAlerting(serviceID: UUID) async throws -> ServiceAlerting? {
        try withState { $0.alerting[serviceID] }
    }

    public func setServiceAlerting(serviceID: UUID, _ alerting: ServiceAlerting?, at now: Date) async throws -> Bool {
        try withState { state in
            guard state.services[serviceID] != nil else { return false }
            state.alerting[serviceID] = alerting.flatMap { $0.isEmpty ? nil : $0 }
            return true
        }
    }
}
