import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// What a logged-in user does for themselves: `/users/user/...`.
struct CurrentUserController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let subscriptions: Subscriptions
    let reads: InboxReads
    let inbox: InboxChanges
    let devices: Devices
    let accounts: UserAccounts
    /// A profile's device tokens.
    let people: any AccountStore
    let refusals: RefusalMetrics
    let version: APIVersion

    /// Tokens are keys of a unique index, which PostgreSQL limits to about
    /// 2,700 bytes; real ones (APNs 64 hex digits, FCM about 160 characters,
    /// Web Push endpoints a few hundred) are far shorter, and all ASCII.
    static let maxTokenLength = 2_048
    /// The characters of an FCM registration token.
    static let fcmTokenBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:.".utf8)
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
        if version == .v2 {
            // New in Herald: only on the current API.
            group.post("users/user/logout-everywhere", use: logoutEverywhere)
        }
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
        let user = try await auth.user(request, context: context)
        return JSONBody.response(UserBody(profile: try await Profiles.of(user, store: people), version: bodyVersion))
    }

    @Sendable func registerDeviceToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json(DeviceTokenInput.self, from: request)
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
        if validator.issues.isEmpty { validateFormat(input.device_token, platform: platform, at: ["body", "device_token"], into: &validator) }
        try validator.check()
        return try await register(input.device_token, platform: platform, for: user, context: context)
    }

    @Sendable func registerAPNToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json(APNTokenInput.self, from: request)
        var validator = Validator()
        validateToken(input.apn_token, at: ["body", "apn_token"], into: &validator)
        if validator.issues.isEmpty { validateFormat(input.apn_token, platform: Platform.guess(fromToken: input.apn_token), at: ["body", "apn_token"], into: &validator) }
        try validator.check()
        return try await register(input.apn_token, platform: Platform.guess(fromToken: input.apn_token), for: user, context: context)
    }

    /// Every service the user may see (the demo account: only the demo
    /// service), with whether they subscribed.
    @Sendable func services(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(try await subscriptions.services(for: user).map(UserServiceBody.init))
    }

    @Sendable func updateServices(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json([SubscriptionChange].self, from: request)
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
        let applied = try await subscriptions.change(changes, for: user)
        context.logger.info("subscriptions changed", metadata: ["user": "\(user.username)", "changes": "\(applied)"])
        return JSONBody.noContent()
    }

    /// The query parameters that ask for cursor paging.
    static let pagingParameters: Set<Substring> = ["before", "after", "service_id", "read", "starred"]

    @Sendable func inbox(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        if request.uri.queryParameters.contains(where: { Self.pagingParameters.contains($0.key) }) {
            return try await inboxPage(request, user: user)
        }
        var validator = Validator()
        var limit = Self.defaultInboxLimit
        if let raw = request.uri.queryParameters["limit"] {
            if let parsed = PageRequest.count(raw) {
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
        return JSONBody.response(try await reads.inbox(of: user, limit: limit, order: order).map(InboxItemBody.init))
    }

    /// Cursor paging (opt-in; the apps keep `limit`/`sort`): newest first
    /// unless `sort=asc`, filtered by `service_id` and `read`, with a `Link`
    /// header to the pages on either side.
    private func inboxPage(_ request: Request, user: User) async throws -> Response {
        var validator = Validator()
        let page = PageRequest.read(
            request, defaultStart: .newest, defaultLimit: Self.defaultInboxLimit, maxLimit: Self.maxInboxLimit, clampsLimit: true, into: &validator
        )
        let query = request.uri.queryParameters
        var filter = InboxFilter()
        if let raw = query["service_id"] {
            if let id = Identifiers.uuid(String(raw)) { filter.serviceID = id } else {
                validator.fail(["query", "service_id"], "Input should be a valid UUID", type: "uuid_parsing")
            }
        }
        for (name, flag) in [("read", \InboxFilter.isRead), ("starred", \InboxFilter.isStarred)] {
            guard let raw = query[Substring(name)] else { continue }
            switch raw.lowercased() {
            case "true", "1": filter[keyPath: flag] = true
            case "false", "0": filter[keyPath: flag] = false
            default: validator.fail(["query", .key(name)], "Input should be a valid boolean", type: "bool_parsing")
            }
        }
        var ascending = !page.start.isNewestFirst
        if let raw = query["sort"] {
            if let order = InboxOrder(rawValue: String(raw)) { ascending = order == .ascending } else {
                validator.fail(["query", "sort"], "Input should be 'asc' or 'desc'", type: "enum")
            }
        }
        try validator.check()
        var items = try await reads.page(of: user, from: page.start, limit: page.limit, filter: filter)
        let headers = page.links(for: items.map(\.notification.id), request: request)
        if ascending == page.start.isNewestFirst { items.reverse() }
        return JSONBody.response(items.map(InboxItemBody.init), headers: headers)
    }

    @Sendable func updateInbox(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json([InboxChange].self, from: request)
        var validator = Validator()
        var changes: [NotificationID: InboxStatus] = [:]
        for (index, change) in input.enumerated() {
            if let status = InboxStatus(rawValue: change.status) {
                // Deleting wins over marking, whatever the order in the list.
                if changes[change.id] != .deleted { changes[change.id] = status }
            } else {
                validator.fail(["body", .index(index), "status"], "Input should be 'read', 'unread', 'deleted', 'starred' or 'unstarred'", type: "enum")
            }
        }
        try validator.check()
        try await inbox.apply(changes, for: user)
        return JSONBody.noContent()
    }

    @Sendable func unreadCount(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(UnreadCountBody(unread_count: try await reads.unreadCount(of: user)))
    }

    /// Refuses every token of the user, this one included: every phone and
    /// browser must log in again.
    @Sendable func logoutEverywhere(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        try await accounts.signOutEverywhere(user.id, by: .themselves(user), logger: context.logger)
        return JSONBody.noContent()
    }

    private var bodyVersion: UserBody.Version { version == .v1 ? .v1 : .v2 }

    private func validateToken(_ token: String, at loc: [ValidationIssue.Location], into validator: inout Validator) {
        if token.isEmpty || token.count > Self.maxTokenLength {
            validator.fail(loc, "Device token should have 1 to \(Self.maxTokenLength) characters", type: token.isEmpty ? "string_too_short" : "string_too_long")
        } else if !token.unicodeScalars.allSatisfy({ (0x21...0x7e).contains($0.value) }) {
            validator.fail(loc, "Device token should be printable ASCII without spaces or control characters", type: "string_pattern_mismatch")
        }
    }

    /// What each provider issues: APNs tokens are hex (32 bytes today; Apple
    /// may lengthen them), FCM registration tokens are URL-safe base64 with
    /// colons. Anything else would only fail at the provider later.
    /// (A Web Push subscription: its form and its endpoint, which must be
    /// a push service the site accepts, as the use case checks it.)
    private func validateFormat(_ token: String, platform: Platform, at loc: [ValidationIssue.Location], into validator: inout Validator) {
        let utf8 = token.utf8
        let problem: String? =
            switch platform {
            case .apns:
                !(64...400).contains(utf8.count) || !utf8.count.isMultiple(of: 2) || !utf8.allSatisfy(\.isHexDigit)
                    ? "An APNs device token should be an even number (64 to 400) of hex digits" : nil
            case .fcm:
                !utf8.allSatisfy { Self.fcmTokenBytes.contains($0) } ? "An FCM registration token should have only letters, digits and - _ : ." : nil
            case .webpush:
                devices.webPushProblem(token)
            case .sms, .voice, .email, .ntfy, .pushover, .matrix, .slack, .mattermost:
                "A phone number, email address, ntfy topic, Pushover key or chat account is added under /api/v2/users/user/contact-methods and verified, not registered as a device"
            }
        if let problem {
            refusals.count(.deviceTokenFormat)
            validator.fail(loc, problem, type: "string_pattern_mismatch")
        }
    }

    func register(_ token: String, platform: Platform, for user: User, context: HeraldRequestContext) async throws -> Response {
        let outcome = try await devices.register(token, platform: platform, for: user, logger: context.logger)
        let profile = try await Profiles.of(user, store: people)
        return JSONBody.response(UserBody(profile: profile, version: bodyVersion), status: outcome == .added ? .created : .ok)
    }
}
