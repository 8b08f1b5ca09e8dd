import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird

/// The audit log, a page at a time, newest first (issue 41): admins read
/// every entry, a service's owners that service's; filtered by service,
/// actor, action and time. A `Link` header names the next page.
struct AuditController {
    let auth: RequestAuthenticator
    let log: AuditLog

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("audit", use: list)
    }

    /// The query's filters, each checked (a 422 names the parameter).
    static func query(_ request: Request) throws -> AuditQuery {
        let parameters = request.uri.queryParameters
        var validator = Validator()
        var query = AuditQuery(limit: 100)
        if let raw = parameters["service_id"] {
            if let id = Identifiers.uuid(String(raw)) { query.serviceID = id } else { validator.fail(["query", "service_id"], "Input should be a valid UUID", type: "uuid_parsing") }
        }
        if let raw = parameters["actor"] {
            validator.text(String(raw), at: ["query", "actor"], maxLength: 256)
            query.actorName = String(raw)
        }
        if let raw = parameters["action"] {
            if let action = AuditAction(rawValue: String(raw)) {
                query.action = action
            } else {
                validator.fail(["query", "action"], "Input should be one of: \(AuditAction.allCases.map(\.rawValue).joined(separator: ", "))", type: "enum")
            }
        }
        for name in ["since", "until"] {
            guard let raw = parameters[Substring(name)] else { continue }
            guard let date = Timestamp.parse(String(raw)) else {
                validator.fail(["query", .key(name)], "Input should be a valid datetime (RFC 3339)", type: "datetime_from_date_parsing")
                continue
            }
            if name == "since" { query.since = date } else { query.until = date }
        }
        if let raw = parameters["before"] {
            if let id = Int64(raw), id > 0 { query.before = id } else { validator.fail(["query", "before"], "Input should be a whole number above 0", type: "int_parsing") }
        }
        if let raw = parameters["limit"] {
            if let limit = Int(raw), (1...AuditLog.maxPage).contains(limit) {
                query.limit = limit
            } else {
                validator.fail(["query", "limit"], "Input should be a whole number from 1 to \(AuditLog.maxPage)", type: "int_parsing")
            }
        }
        try validator.check()
        return query
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let query = try Self.query(request)
        let entries = try await log.entries(query, for: actor)
        var headers: HTTPFields = [:]
        if entries.count >= query.limit, let last = entries.last {
            headers[.link] = PageRequest.link(request, ("before", last.id), limit: query.limit, rel: "next")
        }
        return JSONBody.response(entries.map(AuditEntryWire.init), headers: headers)
    }
}
