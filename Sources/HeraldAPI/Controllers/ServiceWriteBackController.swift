import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// Where a service's acknowledgements are sent back (admins): an
/// Alertmanager's silences or the Phoebus alarm server's commands. A
/// separate resource, as alerting is.
struct ServiceWriteBackController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let writeBacks: ServiceWriteBacks

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/write-back", use: show)
        group.put("services/{service_id}/write-back", use: replace)
        group.delete("services/{service_id}/write-back", use: remove)
    }

    struct Input: Decodable {
        /// `alertmanager` or `phoebus`.
        var target: String
        /// The Alertmanager's base URL.
        var url: String?
        var silence_minutes: Int?
    }

    struct Body: Encodable {
        /// `alertmanager`, `phoebus`, or `none`.
        var target: String
        var url: String?
        var silence_minutes: Int?

        init(_ target: WriteBackTarget?) {
            switch target {
            case .alertmanager(let url, let minutes): (self.target, self.url, silence_minutes) = ("alertmanager", url, minutes)
            case .phoebus: self.target = "phoebus"
            case nil: self.target = "none"
            }
        }
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        return JSONBody.response(Body(try await writeBacks.target(of: try Identifiers.serviceID(context), for: actor)))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.writeBack, of: serviceID))
        let input = try await decoding.json(Input.self, from: request)
        let target = try await writeBacks.set(
            target: input.target, url: input.url, silenceMinutes: input.silence_minutes, on: serviceID, by: actor, logger: context.logger
        )
        return JSONBody.response(Body(target))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await writeBacks.remove(try Identifiers.serviceID(context), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }
}
