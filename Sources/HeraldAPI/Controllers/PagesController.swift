import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Paging a team or a rota (issue 41): `POST /api/v2/teams/{id}/pages` and
/// `/api/v2/rotas/{id}/pages` with a title, a severity (critical unless
/// said) and an optional message. `Pages` decides who may and whom it calls.
struct PagesController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let pages: Pages

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("teams/{team_id}/pages") { request, context in
            try await page(.team(try Identifiers.integer(context, "team_id")), request, context: context)
        }
        group.post("rotas/{rota_id}/pages") { request, context in
            try await page(.rota(try Identifiers.integer(context, "rota_id")), request, context: context)
        }
        group.put("teams/{team_id}/page-service") { request, context in
            try await prepare(.team(try Identifiers.integer(context, "team_id")), request, context: context)
        }
        group.put("rotas/{rota_id}/page-service") { request, context in
            try await prepare(.rota(try Identifiers.integer(context, "rota_id")), request, context: context)
        }
    }

    struct PageServiceBody: Encodable {
        var service_id: String
    }

    /// Makes the target's page service ready without paging, for its roles and waits to be set first.
    private func prepare(_ target: PageTarget, _ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let serviceID = try await pages.preparePageService(of: target, by: actor, logger: context.logger)
        return JSONBody.response(PageServiceBody(service_id: serviceID.wireString))
    }

    private struct PageInput: Decodable {
        var title: String
        var severity: String?
        var message: String?
    }

    struct SentBody: Encodable {
        /// The page's notification, acknowledged like any other.
        var id: Int64
        /// The team's or rota's page service, which receives its pages.
        var service_id: String
        var severity: String
        /// The rota's person on call, called now (absent for a team, or nobody on call).
        var on_call: String?
        /// How many members a team's page reaches.
        var members: Int?
    }

    private func page(_ target: PageTarget, _ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let body = try await decoding.json(PageInput.self, from: request)
        let sent = try await pages.page(target, title: body.title, severity: body.severity, message: body.message, by: actor, logger: context.logger)
        return JSONBody.response(
            SentBody(
                id: sent.notification.id, service_id: sent.serviceID.wireString, severity: sent.notification.draft.severity?.rawValue ?? "critical",
                on_call: sent.onCall, members: sent.members
            ),
            status: .created
        )
    }
}
