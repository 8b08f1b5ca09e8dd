import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// The inbox: newest first, filtered by service and read or starred state,
/// paged by cursor, live through the stream (herald.js), with read, unread,
/// star, unstar, delete and "mark all read".
struct InboxPages {
    let web: WebSupport
    let reads: InboxReads
    let inbox: InboxChanges
    let acknowledgements: Acknowledgements
    let subscriptions: Subscriptions
    let clock: WallClock
    static let pageSize = 25

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("inbox", use: inbox)
        router.post("inbox/update", use: update)
        router.post("inbox/read-all", use: readAll)
        router.post("inbox/acknowledge", use: acknowledge)
    }

    @Sendable func inbox(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let query = request.uri.queryParameters
        let serviceFilter = query["service"].flatMap { Identifiers.uuid(String($0)) }
        let state = query["state"].map(String.init).flatMap { ["unread", "read", "starred"].contains($0) ? $0 : nil } ?? "all"
        let before = query["before"].flatMap { NotificationID($0) }
        let filter = InboxFilter(
            serviceID: serviceFilter, isRead: state == "read" ? true : state == "unread" ? false : nil, isStarred: state == "starred" ? true : nil)
        // Where the live stream starts: now, so nothing between this page and
        // the stream's first event is lost.
        let position = clock.now().microsecondsSince1970
        let items = try await reads.page(of: user, from: before.map { .before($0) } ?? .newest, limit: Self.pageSize, filter: filter)
        let services = try await subscriptions.services(for: user).map(\.service)
        let byID = Dictionary(services.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func link(before: NotificationID?) -> String {
            var parameters: [String] = []
            if let serviceFilter { parameters.append("service=\(serviceFilter.wireString)") }
            if state != "all" { parameters.append("state=\(state)") }
            if let before { parameters.append("before=\(before)") }
            return "/inbox" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        }
        let unread = try await reads.unreadCount(of: user)
        let language = try await web.language(request, user: user)
        let servicesJSON = Dictionary(services.map { ($0.id.wireString, ["name": $0.category, "color": $0.color]) }, uniquingKeysWith: { first, _ in first })
        // Acknowledge and Withdraw only where this user may (issue 39).
        let takeable = try await acknowledgements.takeable(items.map(\.notification), by: user)
        let model = InboxPage(
            items: items.map { Self.view($0, service: byID[$0.notification.serviceID], mayTake: takeable.contains($0.notification.id), viewer: user) },
            me: user.username, admin: user.isAdmin,
            hasItems: !items.isEmpty,
            blank: InboxPage.Blank(),
            services: services.map { Choice(value: $0.id.wireString, label: $0.category, selected: $0.id == serviceFilter) },
            states: ["all", "unread", "read", "starred"].map { Choice(value: $0, label: Catalog.text("inbox.state.\($0)", language), selected: $0 == state) },
            unreadText: unread == 0 ? Catalog.text("inbox.allRead", language) : Catalog.plural("inbox.unread", count: unread, language),
            position: String(position), filterService: serviceFilter?.wireString ?? "", filterState: state, firstPage: before == nil ? "true" : "false",
            older: items.count == Self.pageSize ? link(before: items.last?.notification.id) : nil,
            newer: before != nil ? link(before: nil) : nil,
            servicesJSON: String(decoding: (try? JSONSerialization.data(withJSONObject: servicesJSON)) ?? Data("{}".utf8), as: UTF8.self)
                // Inside <script>: no "<" at all, so no text can end or bend the element.
                .replacingOccurrences(of: "<", with: "\\u003c")
        )
        return try await web.page("inbox", title: Catalog.text("inbox.title", language), nav: "inbox", user: user, request: request, model: model, language: language)
    }

    static func view(_ item: InboxItem, service: ServiceRecord?, mayTake: Bool, viewer: User) -> InboxPage.Item {
        let notification = item.notification
        // Withdraw: its author or an admin, who may take it.
        let mayWithdraw = mayTake && (item.acknowledgement?.userID == viewer.id || viewer.isAdmin)
        return InboxPage.Item(
            mayTake: mayTake, showAcknowledge: mayTake && item.acknowledgement == nil, showWithdraw: mayWithdraw && item.acknowledgement != nil,
            id: notification.id, title: notification.title, subtitle: notification.subtitle, hasSubtitle: !notification.subtitle.isEmpty,
            unread: !item.isRead, starred: item.isStarred,
            timestamp: Timestamp.wireString(notification.timestamp), severity: notification.severity?.rawValue,
            state: item.state, acknowledged: item.acknowledgement != nil,
            acknowledgedBy: item.acknowledgement?.username, acknowledgementComment: item.acknowledgement?.comment,
            expires: notification.expiresAt.map(Timestamp.wireString),
            link: WebSupport.safeLink(notification.url), serviceName: service?.category ?? "Deleted service", color: service?.color ?? "888888"
        )
    }

    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let actions: [String: InboxStatus] = ["read": .read, "unread": .unread, "star": .starred, "unstar": .unstarred, "delete": .deleted]
        guard let id = form["id"].flatMap({ NotificationID($0) }), let status = form["action"].flatMap({ actions[$0] }) else {
            throw APIError(.badRequest, "Which notification, and what to do with it?")
        }
        try await inbox.apply([id: status], for: user)
        return web.done(request, location: Self.back(request))
    }

    @Sendable func readAll(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        try web.checkCSRF(request, form: try await web.form(request))
        // A page of unread ones at a time: bounded work, whatever the inbox holds.
        while true {
            let unread = try await reads.page(of: user, from: .newest, limit: 1_000, filter: InboxFilter(isRead: false))
            if unread.isEmpty { break }
            try await inbox.apply(Dictionary(uniqueKeysWithValues: unread.map { ($0.notification.id, .read) }), for: user)
            if unread.count < 1_000 { break }
        }
        return web.done(request, location: Self.back(request))
    }

    /// "I have it" (or its withdrawal) from the inbox, through the same use
    /// case as the API; everyone else's inbox shows it through the stream.
    @Sendable func acknowledge(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["id"].flatMap({ NotificationID($0) }) else { throw APIError(.badRequest, "Which notification?") }
        if form["action"] == "withdraw" {
            try await acknowledgements.withdraw(id, by: try await web.auth.actors.actor(user), logger: context.logger)
        } else {
            // Made offline and sent late: when the button was pressed (the page's clock, never later than now).
            let decidedAt = form["queued_at"].flatMap(Timestamp.parse).map { min($0, clock.now()) }
            let outcome = try await acknowledgements.acknowledge(
                id, comment: form["comment"], by: user, from: web.auth.address(request, context: context), decidedAt: decidedAt, logger: context.logger
            )
            // A script's request learns whose it is: someone else's when they
            // were first (an acknowledgement made offline and sent late).
            if request.headers[.accept]?.contains("application/json") == true {
                return JSONBody.response(AcknowledgedAnswer(acknowledged_by: outcome.acknowledgement.username, yours: outcome.acknowledgement.userID == user.id))
            }
        }
        return web.done(request, location: Self.back(request))
    }

    /// Back to the inbox page the form was on.
    static func back(_ request: Request) -> String {
        guard let referer = request.headers[.referer], let url = URL(string: referer), url.path == "/inbox" else { return "/inbox" }
        return "/inbox" + (url.query.map { "?" + $0 } ?? "")
    }
}

/// Whose acknowledgement an inbox item now has, for the page's script.
struct AcknowledgedAnswer: Encodable {
    var acknowledged_by: String
    var yours: Bool
}

/// A choice in a select or a group of radio buttons.
struct Choice: PageValues {
    var value, label: String
    var selected: Bool
}

/// The inbox page: a page of items, the filters, the live stream's position.
struct InboxPage: PageModel {
    struct Item: PageValues {
        var mayTake, showAcknowledge, showWithdraw: Bool
        var id: NotificationID
        var title, subtitle: String
        var hasSubtitle: Bool
        var unread, starred: Bool
        var timestamp: String
        var severity: String?
        var state: String?
        var acknowledged: Bool
        var acknowledgedBy, acknowledgementComment, expires, link: String?
        var serviceName, color: String
    }

    /// What herald.js copies for an item arriving live (the rest it fills in).
    struct Blank: PageValues {
        var unread = true
        var color = "888888"
    }

    var items: [Item]
    var me: String
    var admin, hasItems: Bool
    var blank: Blank
    var services, states: [Choice]
    var unreadText, position, filterService, filterState, firstPage: String
    var older, newer: String?
    var servicesJSON: String
}
