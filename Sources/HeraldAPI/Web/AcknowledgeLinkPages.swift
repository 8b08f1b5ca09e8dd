import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// The "Acknowledge" link an email carries (issue 42): a page that names
/// the notification and asks, and its button, which acknowledges as the
/// account the signed link was made for (`Acknowledgements.acknowledge(fromLink:)`:
/// the same checks as the lock screen's action: its expiry, the account,
/// the device still theirs, the alarm not resolved). Opening the link
/// takes nothing: mail scanners that follow links must not acknowledge.
struct AcknowledgeLinkPages {
    let web: WebSupport
    let acknowledgements: Acknowledgements
    let keys: VAPIDKeys
    let lifetime: TimeInterval
    let notifications: any NotificationStore

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("acknowledge/{capability}", use: ask)
        router.post("acknowledge/{capability}", use: take)
    }

    struct Page: PageModel {
        var notification: String
        var action: String
        var done: String?
    }

    private func claim(_ context: HeraldRequestContext) async throws -> AcknowledgeCapability.Claim {
        let capability = AcknowledgeCapability(vapid: try await keys.vapid())
        guard let claim = capability.verify(context.parameters.get("capability") ?? "") else {
            throw UseCaseError.notFound("Acknowledge link (not one Herald made)")
        }
        return claim
    }

    @Sendable func ask(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let claim = try await claim(context)
        guard claim.expiresAt(lifetime: lifetime) > Date(), let notification = try await notifications.notification(id: claim.notificationID) else {
            throw UseCaseError.notFound("Acknowledge link (it has expired)")
        }
        let model = Page(notification: notification.title, action: request.uri.path, done: nil)
        return try await web.page("acknowledge-link", title: "Acknowledge", user: nil, request: request, model: model)
    }

    @Sendable func take(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let claim = try await claim(context)
        let (acknowledgement, isNew) = try await acknowledgements.acknowledge(
            fromLink: claim, lifetime: lifetime, from: web.auth.address(request, context: context), logger: context.logger
        )
        let title = try await notifications.notification(id: claim.notificationID)?.title ?? "The notification"
        let done = isNew ? "Acknowledged: it is yours." : "\(acknowledgement.username) took it already."
        return try await web.page("acknowledge-link", title: "Acknowledge", user: nil, request: request, model: Page(notification: title, action: request.uri.path, done: done))
    }
}
