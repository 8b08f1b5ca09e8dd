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
        let language = try await pageLanguage(request, claim)
        let model = Page(notification: notification.title, action: request.uri.path, done: nil)
        return try await web.page("acknowledge-link", title: Catalog.text("ackLink.title", language), user: nil, request: request, model: model, language: language)
    }

    @Sendable func take(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let claim = try await claim(context)
        let (acknowledgement, isNew) = try await acknowledgements.acknowledge(
            fromLink: claim, lifetime: lifetime, from: web.auth.address(request, context: context), logger: context.logger
        )
        let language = try await pageLanguage(request, claim)
        let title = try await notifications.notification(id: claim.notificationID)?.title ?? Catalog.text("ackLink.theNotification", language)
        let done = isNew ? Catalog.text("ackLink.done", language) : Catalog.text("ackLink.takenBy", language, ["name": acknowledgement.username])
        return try await web.page(
            "acknowledge-link", title: Catalog.text("ackLink.title", language), user: nil, request: request,
            model: Page(notification: title, action: request.uri.path, done: done), language: language
        )
    }

    /// The language of the account the link was made for (it was sent to
    /// them), else what the browser asks for: nobody is signed in here.
    private func pageLanguage(_ request: Request, _ claim: AcknowledgeCapability.Claim) async throws -> Language {
        let chosen = try await web.languages.language(of: claim.userID)
        return web.language(request, chosen: chosen)
    }
}
