import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// The link a chat button's answer carries when the presser's chat
/// account is not linked yet (issue 43): signed in, the person confirms,
/// and the account is theirs in Herald. Opening it changes nothing (a
/// link preview must not link anything).
struct ChatLinkPages {
    let web: WebSupport
    let chatRooms: ChatRooms

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("chat/link", use: ask)
        router.post("chat/link", use: take)
    }

    struct Page: PageModel {
        var token: String
        /// The account the link would link, as its chat service names it.
        var account: String?
        var done: String?
    }

    @Sendable func ask(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let token = request.uri.queryParameters["token"].map(String.init) ?? ""
        guard let (kind, chatUser) = try await chatRooms.account(inLink: token) else {
            throw UseCaseError.notFound("Chat link (not this server's, or older than 15 minutes: press the button again)")
        }
        let language = try await web.language(request, user: user)
        let model = Page(token: token, account: Catalog.text("chatLink.account", language, ["kind": kind.name, "user": chatUser]), done: nil)
        return try await web.page("chat-link", title: Catalog.text("chatLink.title", language), user: user, request: request, model: model, language: language)
    }

    @Sendable func take(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let identity = try await chatRooms.link(token: form["token"] ?? "", to: user, logger: context.logger)
        let language = try await web.language(request, user: user)
        let done = Catalog.text("chatLink.done", language, ["kind": identity.kind.name, "name": user.username])
        return try await web.page(
            "chat-link", title: Catalog.text("chatLink.title", language), user: user, request: request, model: Page(token: "", account: nil, done: done), language: language
        )
    }
}
