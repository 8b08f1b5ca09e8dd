import Foundation
import HeraldCore
import Logging

/// How a service's notifications alert where its admin differs from the
/// site (`SEVERITY_URGENCY`): read, checked and stored once for every way
/// in, with an audit line naming who changed it.
public struct ServiceAlertingChoices: Sendable {
    let store: any ServiceStore & ServiceAlertingStore
    /// The site's table (SEVERITY_URGENCY), shown beside the service's own.
    public let site: UrgencyTable
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any ServiceStore & ServiceAlertingStore & AuditStore, site: UrgencyTable, clock: WallClock) {
        self.store = store
        self.site = site
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// What the service set itself, and the table its pushes follow.
    public struct Choices: Sendable, Equatable {
        public var own: ServiceAlerting
        public var effective: UrgencyTable
    }

    public func choices(of serviceID: UUID, for actor: Actor) async throws -> Choices {
        try actor.must(.manage(.alerting, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        let own = try await store.serviceAlerting(serviceID: serviceID) ?? ServiceAlerting()
        return Choices(own: own, effective: site.overridden(by: own))
    }

    /// Sets the service's own urgency per severity, and how its alarms'
    /// resolutions alert (nil: quietly), from the names a client sent
    /// (exactly as the API documents them: a client's typo must not quietly
    /// become another level); an empty set goes back to the site's table.
    public func set(
        urgency words: [String: String], resolutions: String? = nil, on serviceID: UUID, by actor: Actor, logger: Logger
    ) async throws -> Choices {
        try actor.must(.manage(.alerting, of: serviceID))
        var levels: [Severity: Urgency] = [:]
        var problems: [FieldProblem] = []
        for (severityWord, urgencyWord) in words.sorted(by: { $0.key < $1.key }) {
            guard let severity = Severity(rawValue: severityWord) else {
                problems.append(FieldProblem(field: "urgency", message: "'\(severityWord.prefix(64))' is not a severity; use one of: \(Severity.names)", type: "enum"))
                continue
            }
            guard let urgency = Urgency(rawValue: urgencyWord) else {
                problems.append(FieldProblem(field: "urgency", message: "'\(urgencyWord.prefix(64))' is not an urgency; use one of: \(Urgency.names)", type: "enum"))
                continue
            }
            levels[severity] = urgency
        }
        let resolved: ResolutionAlerting? = if let resolutions { ResolutionAlerting(rawValue: resolutions) } else { .quiet }
        if resolved == nil, let resolutions {
            problems.append(
                FieldProblem(field: "resolutions", message: "'\(resolutions.prefix(64))' is not a choice; use one of: \(ResolutionAlerting.names)", type: "enum")
            )
        }
        guard problems.isEmpty, let resolved else { throw UseCaseError.rejected(problems) }
        let own = ServiceAlerting(urgency: levels, resolutions: resolved)
        let before = try await store.serviceAlerting(serviceID: serviceID)
        guard try await store.setServiceAlerting(serviceID: serviceID, own, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info(
            own.isEmpty ? "service alerting removed" : "service alerting set",
            metadata: ["service": "\(serviceID.wireString)", "alerting": "\(own.json)", "by": "\(actor.username)"]
        )
        await audit.record(.alertingChanged, by: actor.auditWho, service: serviceID, target: "alerting", before: before?.json, after: own.json, logger: logger)
        return Choices(own: own, effective: site.overridden(by: own))
    }

    /// Back to the site's table (removing none is no error).
    public func reset(_ serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.alerting, of: serviceID))
        let before = try await store.serviceAlerting(serviceID: serviceID)
        guard try await store.setServiceAlerting(serviceID: serviceID, nil, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info("service alerting removed", metadata: ["service": "\(serviceID.wireString)", "by": "\(actor.username)"])
        await audit.record(.alertingChanged, by: actor.auditWho, service: serviceID, target: "alerting", before: before?.json, logger: logger)
    }
}
