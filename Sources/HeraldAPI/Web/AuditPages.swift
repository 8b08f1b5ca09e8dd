import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// The audit log as a page (issue 41): admins see every entry, a service's
/// owners that service's; filtered by service, actor, action and day, a
/// page at a time. Read through `AuditLog`, as the API's.
struct AuditPages {
    let web: WebSupport
    let log: AuditLog
    /// Service names for the filter and the rows.
    let listed: any ServiceStore
    static let pageSize = 50

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("admin/audit", use: show)
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .readAudit)
        let language = try await web.language(request, user: actor.user)
        let parameters = request.uri.queryParameters
        func value(_ name: String) -> String? {
            parameters[Substring(name)].map { String($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var query = AuditQuery(limit: Self.pageSize)
        query.serviceID = value("service").flatMap(Identifiers.uuid)
        query.actorName = value("actor")
        query.action = value("action").flatMap(AuditAction.init(rawValue:))
        // A day as the browser's date field gives it, in UTC: from its start, until the next day's.
        query.since = value("from").flatMap { Timestamp.parse($0 + "T00:00:00Z") }
        query.until = value("to").flatMap { Timestamp.parse($0 + "T00:00:00Z") }.map { $0.addingTimeInterval(86_400) }
        query.before = value("before").flatMap { Int64($0) }
        let entries = try await log.entries(query, for: actor)
        let services = try await listed.services().filter { actor.isAdmin || actor.holds(.owner, of: $0.id) }
        let names = Dictionary(services.map { ($0.id, $0.category) }, uniquingKeysWith: { first, _ in first })
        var next: String?
        if entries.count == Self.pageSize, let last = entries.last {
            let kept = ["service", "actor", "action", "from", "to"].compactMap { name in
                value(name).map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            }
            next = "/admin/audit?" + (kept + ["before=\(last.id)"]).joined(separator: "&")
        }
        let model = AuditPage(
            entries: entries.map { entry in
                let record = entry.record
                return AuditPage.Entry(
                    at: Timestamp.wireString(record.at), actor: record.actorName, action: record.action.rawValue,
                    service: record.serviceID.map { names[$0] ?? $0.wireString }, target: record.target, before: record.before, after: record.after,
                    address: record.address
                )
            },
            services: [Choice(value: "", label: Catalog.text("audit.everyService", language), selected: query.serviceID == nil)]
                + services.map { Choice(value: $0.id.wireString, label: $0.category, selected: $0.id == query.serviceID) },
            // Action names (`chat-room.added`) are data: only "every action" is in words.
            actions: [Choice(value: "", label: Catalog.text("audit.everyAction", language), selected: query.action == nil)]
                + AuditAction.allCases.map { Choice(value: $0.rawValue, label: $0.rawValue, selected: $0 == query.action) },
            enteredActor: query.actorName ?? "", enteredFrom: value("from") ?? "", enteredTo: value("to") ?? "", next: next
        )
        return try await web.page(
            "admin-audit", title: Catalog.text("audit.title", language), nav: "audit", actor: actor, request: request, model: model, language: language
        )
    }
}

/// The audit page: the filters and a page of entries.
struct AuditPage: PageModel {
    struct Entry: PageValues {
        var at, actor, action: String
        var service: String?
        var target: String
        var before, after, address: String?
    }

    var entries: [Entry]
    var services: [Choice]
    var actions: [Choice]
    var enteredActor, enteredFrom, enteredTo: String
    var next: String?
}
