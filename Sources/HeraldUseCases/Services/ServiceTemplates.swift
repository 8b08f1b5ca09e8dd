import Foundation
import HeraldBridges
import HeraldCore
import Logging

/// A service's own templates for webhook bodies, JSON topics and alerts:
/// checked (length, and that each parses) and stored, for the API and the
/// page alike.
public struct ServiceTemplates: Sendable {
    public static let maxTemplateLength = 4096

    let store: any ServiceStore
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any ServiceStore & AuditStore, clock: WallClock) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// Sets the service's templates (nil: back to the defaults; removing
    /// none is no error).
    public func set(_ templates: NotificationTemplates?, on serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.templates, of: serviceID))
        let before = try await store.serviceTemplates(serviceID: serviceID)
        if let templates {
            let problems = Self.problems(templates, fieldSuffix: "", parseMessage: "Template does not parse")
            guard problems.isEmpty else { throw UseCaseError.rejected(problems) }
            guard try await store.setServiceTemplates(serviceID: serviceID, templates, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        } else {
            // Removing answers whether there were any, not whether the service is there.
            guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
            _ = try await store.setServiceTemplates(serviceID: serviceID, nil, at: clock.now())
        }
        logger.info(
            templates == nil ? "service templates removed" : "service templates set",
            metadata: ["service": "\(serviceID.wireString)", "by": "\(actor.username)"]
        )
        await audit.record(
            .templatesChanged, by: actor.auditWho, service: serviceID, target: "templates", before: before.map(Self.snapshot), after: templates.map(Self.snapshot),
            logger: logger
        )
    }

    /// Templates as the audit log keeps them.
    static func snapshot(_ templates: NotificationTemplates) -> String {
        AuditTrail.json(["title": templates.title, "subtitle": templates.subtitle, "url": templates.url, "severity": templates.severity])
    }

    /// The service's own templates; nil when it has none.
    public func templates(of serviceID: UUID, for actor: Actor) async throws -> NotificationTemplates? {
        try actor.must(.manage(.templates, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.serviceTemplates(serviceID: serviceID)
    }

    /// Every problem with a set of templates: each field's text (a title is
    /// required), and whether each parses. Fields are named `title` or, for
    /// a feed's, `title_template` (`fieldSuffix`).
    public static func problems(_ templates: NotificationTemplates, fieldSuffix: String, parseMessage: String) -> [FieldProblem] {
        var problems: [FieldProblem] = []
        for (field, text) in [("title", templates.title), ("subtitle", templates.subtitle), ("url", templates.url), ("severity", templates.severity)] {
            if let problem = TextRules.problem(text, maxLength: maxTemplateLength, allowEmpty: field != "title") {
                problems.append(FieldProblem(field: field + fieldSuffix, message: problem.message, type: problem.type))
            }
        }
        do { _ = try TemplateRenderer(templates) } catch {
            problems.append(FieldProblem(field: error.field + fieldSuffix, message: "\(parseMessage): \(error.reason)"))
        }
        return problems
    }
}
