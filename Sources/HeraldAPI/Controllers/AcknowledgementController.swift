import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// `POST/DELETE /api/v2/users/user/notifications/{notification_id}/acknowledge`:
/// a recipient says "I have it" (the first one wins: later calls answer 200
/// with it), or withdraws it (its author or an admin).
struct AcknowledgementController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let acknowledgements: Acknowledgements
    /// The key the links are signed with (a lock screen's action, an ntfy
    /// message's button: issue 43).
    let linkKeys: VAPIDKeys
    /// How long a lock-screen link acknowledges as its account.
    let linkLifetime: TimeInterval

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("users/user/notifications/{notification_id}/acknowledge", use: acknowledge)
        group.delete("users/user/notifications/{notification_id}/acknowledge", use: withdraw)
        group.post("acknowledge/{capability}", use: acknowledgeFromNotification)
    }

    struct Input: Decodable {
        var comment: String?
    }

    @Sendable func acknowledge(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let id = try Identifiers.integer(context, "notification_id")
        // The body is optional: an empty one is no comment.
        let body = try await decoding.body(of: request)
        let input = body.readableBytes == 0 ? Input() : try RequestDecoding.decodeJSON(Input.self, from: body)
        let outcome = try await acknowledgements.acknowledge(id, comment: input.comment, by: user, from: auth.address(request, context: context), logger: context.logger)
        return JSONBody.response(AcknowledgementBody(outcome.acknowledgement), status: outcome.isNew ? .created : .ok)
    }

    /// A Web Push notification's "Acknowledge" action, from the lock
    /// screen, or an ntfy message's button (issue 43): the link is the
    /// credential (it names one notification and the device it was pushed
    /// to), and takes an alarm at most once.
    @Sendable func acknowledgeFromNotification(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let capability = AcknowledgeCapability(vapid: try await linkKeys.vapid())
        guard let claim = capability.verify(context.parameters.get("capability") ?? "") else {
            throw APIError(.notFound, "Not an acknowledgement link of this server")
        }
        let outcome = try await acknowledgements.acknowledge(
            fromLink: claim, lifetime: linkLifetime, from: auth.address(request, context: context), logger: context.logger
        )
        return JSONBody.response(AcknowledgementBody(outcome.acknowledgement), status: outcome.isNew ? .created : .ok)
    }

    @Sendable func withdraw(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await acknowledgements.withdraw(try Identifiers.integer(context, "notification_id"), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }
}

/// An acknowledgement as the API shows it, alone and in an inbox item.
struct AcknowledgementBody: Encodable {
    var notification_id: Int64
    var acknowledged_by: String
    var acknowledged_at: String
    var comment: String?

    init(_ acknowledgement: Acknowledgement) {
        notification_id = acknowledgement.notificationID
        acknowledged_by = acknowledgement.username
        acknowledged_at = Timestamp.wireString(acknowledgement.at)
        comment = acknowledgement.comment
    }
}
