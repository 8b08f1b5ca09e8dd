import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// What every user manages for themselves: subscriptions, and the profile
/// with its devices and sessions.
struct AccountPages {
    let web: WebSupport
    var api: APIContext { web.api }

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("subscriptions", use: subscriptions)
        router.post("subscriptions", use: subscribe)
        router.post("subscriptions/filter", use: saveFilter)
        router.post("profile/web-push", use: registerWebPush)
        router.get("profile", use: profile)
        router.post("profile/devices/remove", use: removeDevice)
    }

    @Sendable func subscriptions(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let services = try await api.users.subscriptions.services(for: user)
        let filters = try await api.store.filters(userID: user.id)
        let values: [String: Any] = [
            "services": services.map {
                let filter = filters[$0.service.id] ?? SubscriptionFilter()
                return [
                    "id": $0.service.id.wireString, "name": $0.service.category, "owner": $0.service.owner, "color": $0.service.color,
                    "subscribed": $0.isSubscribed, "expression": filter.expression ?? "", "include": filter.includeKeywords.joined(separator: ", "),
                    "exclude": filter.excludeKeywords.joined(separator: ", "), "filtered": !filter.isEmpty, "summary": Self.summary(filter),
                ] as [String: Any]
            }
        ]
        return try await web.page("subscriptions", title: "Subscriptions", nav: "subscriptions", user: user, request: request, values: values)
    }

    /// One switch: `service` and `subscribed` (on/off).
    @Sendable func subscribe(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["service"].flatMap(Identifiers.uuid), let subscribed = form["subscribed"].flatMap(WebSupport.switchValue) else {
            throw APIError(.badRequest, "Which service, and subscribed or not?")
        }
        try await api.users.subscriptions.set(subscribed, on: id, for: user)
        context.logger.info("subscriptions changed", metadata: ["user": "\(user.username)", "changes": "1"])
        return web.done(request, location: "/subscriptions?flash=saved")
    }

    /// One service's filter: `service`, `expression`, and the keyword lists
    /// `include` and `exclude` (comma-separated). A mistake is shown with
    /// its position; all blank removes the filter.
    @Sendable func saveFilter(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["service"].flatMap(Identifiers.uuid) else { throw APIError(.badRequest, "Which service?") }
        func words(_ field: String) -> [String] {
            (form[field] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let filter = try SubscriptionFilter.requested(expression: form["expression"], include: words("include"), exclude: words("exclude"))
        try await api.users.subscriptions.setFilter(filter, on: id, for: user)
        context.logger.info("filter set", metadata: ["user": "\(user.username)", "service": "\(id.wireString)"])
        return web.done(request, location: "/subscriptions?flash=saved")
    }

    /// This browser's Web Push subscription (herald.js sends `endpoint`,
    /// `p256dh` and `auth`), registered as the user's device.
    @Sendable func registerWebPush(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard api.config.delivery.webPushSubject != nil else { throw APIError(.notFound, "Web Push is not enabled (WEBPUSH_SUBJECT)") }
        let token = WebPushSubscription.token(endpoint: form["endpoint"] ?? "", p256dh: form["p256dh"] ?? "", auth: form["auth"] ?? "")
        _ = try await api.users.devices.register(token, platform: .webpush, for: user, logger: context.logger)
        return web.done(request, location: "/profile?flash=saved")
    }

    /// A filter in a few words for the table: what it lets through.
    static func summary(_ filter: SubscriptionFilter) -> String {
        var parts: [String] = []
        if let expression = filter.expression { parts.append(expression) }
        if !filter.includeKeywords.isEmpty { parts.append("with " + filter.includeKeywords.joined(separator: " or ")) }
        if !filter.excludeKeywords.isEmpty { parts.append("without " + filter.excludeKeywords.joined(separator: ", ")) }
        return parts.isEmpty ? "Everything" : parts.joined(separator: "; ")
    }

    @Sendable func profile(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let devices = try await api.store.devices(userID: user.id)
        let values: [String: Any] = [
            "origin": user.origin.spokenName,
            "lastLogin": user.lastLoginAt.map(Timestamp.wireString) as Any,
            "devices": devices.map {
                [
                    "id": $0.id, "platform": Self.platformName($0.platform), "hint": String($0.token.suffix(6)),
                    "lastSeen": Timestamp.wireString($0.lastSeenAt),
                ] as [String: Any]
            },
        ]
        return try await web.page("profile", title: "Profile", nav: "profile", user: user, request: request, values: values)
    }

    @Sendable func removeDevice(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["device"].flatMap({ Int64($0) }) else { throw APIError(.badRequest, "Which device?") }
        // By the id the page showed: the full token never reaches the page.
        try await api.users.devices.remove(deviceID: id, for: user, logger: context.logger)
        return web.done(request, location: "/profile?flash=removed")
    }

    static func platformName(_ platform: Platform) -> String {
        switch platform {
        case .apns: "Apple (APNs)"
        case .fcm: "Android (FCM)"
        case .webpush: "Browser (Web Push)"
        }
    }
}
