import Foundation
import HeraldCore
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
        router.get("profile", use: profile)
        router.post("profile/devices/remove", use: removeDevice)
    }

    @Sendable func subscriptions(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let services = try await CurrentUserController(api: api, version: .v2).visibleServices(for: user)
        let values: [String: Any] = [
            "services": services.map {
                ["id": $0.service.id.wireString, "name": $0.service.category, "owner": $0.service.owner, "color": $0.service.color, "subscribed": $0.isSubscribed]
                    as [String: Any]
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
        let visible = try await CurrentUserController(api: api, version: .v2).visibleServices(for: user)
        guard visible.contains(where: { $0.service.id == id }) else { throw APIError.notFound("Service") }
        try await api.store.setSubscriptions(userID: user.id, [id: subscribed])
        context.logger.info("subscriptions changed", metadata: ["user": "\(user.username)", "changes": "1"])
        return web.done(request, location: "/subscriptions?flash=saved")
    }

    @Sendable func profile(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let devices = try await api.store.devices(userID: user.id)
        let values: [String: Any] = [
            "origin": Self.originName(user.origin),
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
        guard let device = try await api.store.devices(userID: user.id).first(where: { $0.id == id }) else {
            throw APIError.notFound("Device")
        }
        _ = try await api.store.removeDevice(userID: user.id, token: device.token)
        context.logger.info("device removed", metadata: ["user": "\(user.username)", "token": "\(TokenHint.hint(device.token))"])
        return web.done(request, location: "/profile?flash=removed")
    }

    static func originName(_ origin: AccountOrigin) -> String {
        switch origin {
        case .local: "a local account"
        case .ldap: "the directory (LDAP)"
        case .url: "the site's authentication URL"
        case .oidc: "OpenID Connect"
        case .demo: "the demo account"
        }
    }

    static func platformName(_ platform: Platform) -> String {
        switch platform {
        case .apns: "Apple (APNs)"
        case .fcm: "Android (FCM)"
        }
    }
}
