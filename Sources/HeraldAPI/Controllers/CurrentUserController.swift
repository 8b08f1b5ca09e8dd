import Foundation
import HeraldCore
import Hummingbird
import Logging

/// What a logged-in user does for themselves: `/users/user/...`.
struct CurrentUserController {
    let api: APIContext
    let version: APIVersion

    static let maxTokenLength = 4_096
    static let defaultInboxLimit = 50
    static let maxInboxLimit = 1_000

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users/user/profile", use: profile)
        group.post("users/user/device-token", use: registerDeviceToken)
        if version == .v1 {
            group.post("users/user/apn-token", use: registerAPNToken)
        }
        group.get("users/user/services", use: services)
        group.patch("users/user/services", use: updateServices)
        group.get("users/user/notifications", use: inbox)
        group.patch("users/user/notifications", use: updateInbox)
        group.get("users/user/notifications/unread-count", use: unreadCount)
    }

    private struct DeviceTokenInput: Decodable {
        var device_token: String
        var platform: String?
    }

    private struct APNTokenInput: Decodable {
        var apn_token: String
    }

    private struct SubscriptionChange: Decodable {
        var id: String
        var is_subscribed: Bool
    }

    private struct InboxChange: Decodable {
        var id: Int64
        var status: String
    }

    @Sendable func profile(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        return JSONBody.response(UserBody(profile: try await Profiles.of(user, store: api.store), version: bodyVersion))
    }

    @Sendable func registerDeviceToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        let input = try await api.decoding.json(DeviceTokenInput.self, from: request)
        var validator = Validator()
        validateToken(input.device_token, at: ["body", "device_token"], into: &validator)
        var platform = Platform.guess(fromToken: input.device_token)
        if let name = input.platform {
            if let named = Platform(rawValue: name.lowercased()) {
                platform = named
            } else {
                validator.fail(["body", "platform"], "Input should be 'apns' or 'fcm'", type: "enum")
            }
        }
        try validator.check()
        return try await register(input.device_token, platform: platform, for: user, context: context)
    }

    @Sendable func registerAPNToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        let input = try await api.decoding.json(APNTokenInput.self, from: request)
        var validator = Validator()
        validateToken(input.apn_token, at: ["body", "apn_token"], into: &validator)
        try validator.check()
        return try await register(input.apn_token, platform: Platform.guess(fromToken: input.apn_token), for: user, context: context)
    }

    @Sendable func services(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        return JSONBody.response(try await api.store.userServices(userID: user.id).map(UserServiceBody.init))
    }

    @Sendable func updateServices(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        let input = try await api.decoding.json([SubscriptionChange].self, from: request)
        var validator = Validator()
        var changes: [UUID: Bool] = [:]
        for (index, change) in input.enumerated() {
            // The last entry for a service wins, as applying them in order would.
            if let id = Identifiers.uuid(change.id) {
                changes[id] = change.is_subscribed
            } else {
                validator.fail(["body", .index(index), "id"], "Input should be a valid UUID", type: "uuid_parsing")
            }
        }
        try validator.check()
        try await api.store.setSubscriptions(userID: user.id, changes)
        context.logger.info("subscriptions changed", metadata: ["user": "\(user.username)", "changes": "\(changes.count)"])
        return JSONBody.noContent()
    }

    @Sendable func inbox(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        var validator = Validator()
        var limit = Self.defaultInboxLimit
        if let raw = request.uri.queryParameters["limit"] {
            if let parsed = Int(raw), parsed >= 0 {
                // 0 meant "as many as allowed" in the old server.
                limit = parsed == 0 ? Self.maxInboxLimit : min(parsed, Self.maxInboxLimit)
            } else {
                validator.fail(["query", "limit"], "Input should be a valid non-negative integer", type: "int_parsing")
            }
        }
        var order = InboxOrder.ascending
        if let raw = request.uri.queryParameters["sort"] {
            if let parsed = InboxOrder(rawValue: String(raw)) {
                order = parsed
            } else {
                validator.fail(["query", "sort"], "Input should be 'asc' or 'desc'", type: "enum")
            }
        }
        try validator.check()
        return JSONBody.response(try await api.store.inbox(userID: user.id, limit: limit, order: order).map(InboxItemBody.init))
    }

    @Sendable func updateInbox(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        let input = try await api.decoding.json([InboxChange].self, from: request)
        var validator = Validator()
        var changes: [NotificationID: InboxStatus] = [:]
        for (index, change) in input.enumerated() {
            if let status = InboxStatus(rawValue: change.status) {
                // Deleting wins over marking, whatever the order in the list.
                if changes[change.id] != .deleted { changes[change.id] = status }
            } else {
                validator.fail(["body", .index(index), "status"], "Input should be 'read', 'unread' or 'deleted'", type: "enum")
            }
        }
        try validator.check()
        try await api.store.updateInbox(userID: user.id, changes)
        return JSONBody.noContent()
    }

    @Sendable func unreadCount(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await api.auth.user(request, context: context)
        return JSONBody.response(UnreadCountBody(unread_count: try await api.store.unreadCount(userID: user.id)))
    }

    private var bodyVersion: UserBody.Version { version == .v1 ? .v1 : .v2 }

    private func validateToken(_ token: String, at loc: [ValidationIssue.Location], into validator: inout Validator) {
        if token.isEmpty || token.count > Self.maxTokenLength {
            validator.fail(loc, "Device token should have 1 to \(Self.maxTokenLength) characters", type: token.isEmpty ? "string_too_short" : "string_too_long")
        } else if token.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7f }) {
            validator.fail(loc, "Device token should not contain spaces or control characters")
        }
    }

    private func register(_ token: String, platform: Platform, for user: User, context: HeraldRequestContext) async throws -> Response {
        let outcome = try await api.store.registerDevice(userID: user.id, token: token, platform: platform, at: Timestamp.now())
        if outcome == .added {
            context.logger.info("device registered", metadata: ["user": "\(user.username)", "platform": "\(platform.rawValue)", "token": "\(TokenHint.hint(token))"])
        }
        let profile = try await Profiles.of(user, store: api.store)
        return JSONBody.response(UserBody(profile: profile, version: bodyVersion), status: outcome == .added ? .created : .ok)
    }
}
