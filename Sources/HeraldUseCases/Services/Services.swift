import Foundation
import HeraldCore
import Logging

/// Services, as admins make and delete them and their owners change them from the API or the
/// admin pages: the same checks (the old server's messages, which the API
/// keeps), the same store calls and the same audit line, whichever way in.
public struct Services: Sendable {
    /// Longest service name (the old server's category) and owner.
    public static let maxCategoryLength = 256
    public static let maxOwnerLength = 256

    let store: any ServiceStore & NotificationStore
    let audit: AuditTrail
    /// A service made private is left by those who may no longer see it.
    let subscriptions: TeamSubscriptions

    public init(store: any ServiceStore & NotificationStore & AuditStore & AccessStore & AccountStore & FilterStore, clock: WallClock = .system) {
        self.store = store
        audit = AuditTrail(store: store, clock: clock)
        subscriptions = TeamSubscriptions(store: store, clock: clock)
    }

    /// A service as the audit log keeps it.
    static func snapshot(_ service: ServiceRecord) -> String {
        AuditTrail.json(["category": service.category, "color": service.color, "owner": service.owner, "private": service.isPrivate ? "yes" : "no"])
    }

    public func create(_ draft: ServiceDraft, by actor: Actor, logger: Logger) async throws -> ServiceRecord {
        try actor.must(.createService)
        try Self.check(category: draft.category, color: draft.color, owner: draft.owner)
        let service = try await store.createService(draft)
        logger.info("service created", metadata: ["service": "\(service.id.wireString)", "category": "\(service.category)", "by": "\(actor.username)"])
        await audit.record(.serviceCreated, by: actor.auditWho, service: service.id, target: "service \(service.category)", after: Self.snapshot(service), logger: logger)
        return service
    }

    /// Changes what `patch` gives; the rest stays.
    public func update(_ id: UUID, _ patch: ServicePatch, by actor: Actor, logger: Logger) async throws -> ServiceRecord {
        try actor.must(.manage(.settings, of: id))
        try Self.check(category: patch.category, color: patch.color, owner: patch.owner)
        let before = try await store.service(id: id)
        guard let service = try await store.updateService(id: id, patch) else { throw UseCaseError.notFound("Service") }
        logger.info("service changed", metadata: ["service": "\(id.wireString)", "by": "\(actor.username)"])
        if service.isPrivate, before?.isPrivate != true { try await subscriptions.settleSubscribers(of: id) }
        await audit.record(
            .serviceChanged, by: actor.auditWho, service: id, target: "service \(service.category)", before: before.map(Self.snapshot), after: Self.snapshot(service),
            logger: logger
        )
        return service
    }

    /// Deletes the service with its notifications, tokens, schedules, feeds
    /// and filters (the stores cascade).
    public func delete(_ id: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.deleteService(id))
        let before = try await store.service(id: id)
        guard try await store.deleteService(id: id) else { throw UseCaseError.notFound("Service") }
        logger.info("service deleted", metadata: ["service": "\(id.wireString)", "by": "\(actor.username)"])
        await audit.record(
            .serviceDeleted, by: actor.auditWho, service: id, target: "service \(before?.category ?? id.wireString)", before: before.map(Self.snapshot), logger: logger
        )
    }

    /// A page of the service's notifications, oldest first (its keepers').
    public func notifications(of id: UUID, from start: PageStart, limit: Int, for actor: Actor) async throws -> [NotificationRecord] {
        try actor.must(.manage(.reports, of: id))
        guard try await store.service(id: id) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.notificationsPage(serviceID: id, from: start, limit: limit)
    }

    /// Every problem with the given fields (nil: not given), each at its field.
    static func check(category: String?, color: String?, owner: String?) throws(UseCaseError) {
        var problems: [FieldProblem] = []
        if let category, let problem = TextRules.problem(category, maxLength: maxCategoryLength, allowEmpty: false) {
            problems.append(FieldProblem(field: "category", message: problem.message, type: problem.type))
        }
        if let owner, let problem = TextRules.problem(owner, maxLength: maxOwnerLength, allowEmpty: true) {
            problems.append(FieldProblem(field: "owner", message: problem.message, type: problem.type))
        }
        if let color, !ServiceRecord.isColor(color) {
            problems.append(FieldProblem(field: "color", message: "Value error, Color should match [0-9a-fA-F]{6}"))
        }
        guard problems.isEmpty else { throw .rejected(problems) }
    }
}
