import Foundation
import HeraldCore
import Hummingbird
import Logging

/// Notifications held until their `deliver_at`: listed and cancelled by the
/// service's senders (as they may post) and by admins.
struct ScheduledController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/:service_id/scheduled", use: list)
        group.delete("services/:service_id/scheduled/:scheduled_id", use: cancel)
    }

    struct ScheduledBody: Encodable {
        var id: Int64
        var service_id: String
        var deliver_at: String
        var created_at: String
        var title: String
        var subtitle: String
        var url: String
        var severity: String?
        var attributes: NotificationAttributes?
        var expires_at: String?
        var key: String?

        init(_ held: ScheduledNotification) {
            id = held.id
            service_id = held.serviceID.wireString
            deliver_at = Timestamp.wireString(held.deliverAt)
            created_at = Timestamp.wireString(held.createdAt)
            title = held.draft.title
            subtitle = held.draft.subtitle
            url = held.draft.url
            severity = held.draft.severity
            attributes = held.draft.attributes
            expires_at = held.draft.expiresAt.map(Timestamp.wireString)
            key = held.draft.key
        }
    }

    /// An admin's token, or what lets a sender post to the service.
    private func authorize(_ request: Request, context: HeraldRequestContext, serviceID: UUID) async throws {
        if SenderAuthorization.bearer(request) != nil, (try? await api.auth.admin(request, context: context)) != nil { return }
        try await api.senders.check(request, context: context, serviceID: serviceID)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await authorize(request, context: context, serviceID: serviceID)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        return JSONBody.response(try await api.store.scheduled(serviceID: serviceID).map(ScheduledBody.init))
    }

    @Sendable func cancel(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "scheduled_id")
        try await authorize(request, context: context, serviceID: serviceID)
        guard try await api.store.cancelScheduled(id: id, serviceID: serviceID) else { throw APIError.notFound("Scheduled notification") }
        context.logger.info("scheduled notification cancelled", metadata: ["service": "\(serviceID.wireString)", "scheduled": "\(id)"])
        return JSONBody.noContent()
    }
}
