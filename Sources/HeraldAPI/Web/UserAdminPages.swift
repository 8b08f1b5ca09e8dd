import Foundation
import HTTPTypes
import HeraldIdentity
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Admins' users: a page at a time by name, the active and admin switches,
/// delete after a confirmation. An admin cannot lock themselves out here.
struct UserAdminPages {
    let web: WebSupport
    var api: APIContext { web.api }
    static let pageSize = 50

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("admin/users", use: list)
        router.post("admin/users", use: create)
        router.post("admin/users/{user_id}", use: update)
        router.get("admin/users/{user_id}/delete", use: confirmDelete)
        router.post("admin/users/{user_id}/logout-everywhere", use: logoutEverywhere)
        router.post("admin/users/{user_id}/delete", use: delete)
        router.get("admin/users/{user_id}/links", use: links)
        router.post("admin/users/{user_id}/links", use: link)
        router.post("admin/users/{user_id}/links/remove", use: unlink)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        return try await listPage(request, admin: admin, error: nil, entered: [:])
    }

    private func listPage(_ request: Request, admin: User, error: String?, entered: [String: String], status: HTTPResponse.Status = .ok) async throws -> Response {
        let after = request.uri.queryParameters["after"].map(String.init)
        let users = try await api.store.users(after: after, limit: Self.pageSize)
        let values: [String: Any] = [
            "users": users.map {
                [
                    "id": $0.id, "username": $0.username, "origin": $0.origin.spokenName, "lastLogin": $0.lastLoginAt.map(Timestamp.wireString) as Any,
                    "active": $0.isActive, "admin": $0.isAdmin, "self": $0.id == admin.id,
                ] as [String: Any]
            },
            "next": (users.count == Self.pageSize ? "/admin/users?after=" + (users.last!.username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") : nil)
                as String? as Any,
            "error": error as Any, "enteredName": entered["username"] ?? "", "enteredAdmin": entered["admin"] == "on",
        ]
        return try await web.page("admin-users", title: "Users", nav: "users", user: admin, request: request, values: values, status: status)
    }

    /// A local account with a password, as `herald user add` makes one.
    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let username = (form["username"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let password = form["password"] ?? ""
        let problem: String? =
            if let problem = TextRules.problem(username, maxLength: 256, allowEmpty: false) { "User name: \(problem.message)" }
            else if password.count < Self.minimumPasswordLength { "The password must have at least \(Self.minimumPasswordLength) characters" }
            else if try await api.store.user(named: username) != nil { "There is already a user \(username)" }
            else { nil }
        if let problem {
            return try await listPage(request, admin: admin, error: problem, entered: form, status: .unprocessableContent)
        }
        let hash = try await PasswordHashing.hash(password, cost: api.config.bcryptCost, on: api.signIn.pool)
        let user = try await api.store.createUser(username: username, passwordHash: hash, isAdmin: form["admin"] == "on", origin: .local, at: api.clock.now())
        context.logger.info("user created", metadata: ["user": "\(user.username)", "is_admin": "\(user.isAdmin)", "by": "\(admin.username)"])
        return Response(status: .seeOther, headers: [.location: "/admin/users?flash=created"])
    }

    /// As `herald user add` asks.
    static let minimumPasswordLength = 8

    private func target(_ context: HeraldRequestContext, admin: User) async throws -> User {
        let id = try Identifiers.integer(context, "user_id")
        guard let user = try await api.store.user(id: id) else { throw APIError.notFound("User") }
        guard user.id != admin.id else { throw APIError(.conflict, "You cannot change or delete your own account here: ask another administrator") }
        return user
    }

    /// One switch: `field` (active or admin) and `value` (on/off).
    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let user = try await target(context, admin: admin)
        guard let value = form["value"].flatMap(WebSupport.switchValue), let field = form["field"], ["active", "admin"].contains(field) else {
            throw APIError(.badRequest, "Which setting (active or admin), and on or off?")
        }
        let patch = field == "active" ? UserPatch(isActive: value) : UserPatch(isAdmin: value)
        guard let updated = try await api.store.updateUser(id: user.id, patch) else { throw APIError.notFound("User") }
        if field == "active", !value {
            // As the API does: a deactivated account's tokens stay dead if it is activated again.
            _ = try await api.store.revokeTokens(userID: user.id, at: api.clock.now())
        }
        context.logger.info(
            "user updated", metadata: ["user": "\(updated.username)", "is_active": "\(updated.isActive)", "is_admin": "\(updated.isAdmin)", "by": "\(admin.username)"]
        )
        return web.done(request, location: "/admin/users?flash=saved")
    }

    /// Ends every session of a user (a lost phone, a leaver), as the API's
    /// `POST /users/{id}/logout-everywhere`.
    @Sendable func logoutEverywhere(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        try web.checkCSRF(request, form: try await web.form(request))
        let user = try await target(context, admin: admin)
        _ = try await api.store.revokeTokens(userID: user.id, at: api.clock.now())
        context.logger.notice("user's tokens revoked", metadata: ["user": "\(user.username)", "by": "\(admin.username)"])
        return web.done(request, location: "/admin/users?flash=signed-out-user")
    }

    @Sendable func confirmDelete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        let user = try await target(context, admin: admin)
        return try await web.confirmation(
            request, admin: admin, nav: "users", title: "Delete user", heading: "Delete \(user.username)?",
            message: "Their devices, subscriptions and inbox go with the account. A directory or OpenID Connect user gets a new, empty account at their next sign-in.",
            action: "/admin/users/\(user.id)/delete", confirm: "Delete user", back: "/admin/users"
        )
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        try web.checkCSRF(request, form: try await web.form(request))
        let user = try await target(context, admin: admin)
        guard try await api.store.deleteUser(id: user.id) else { throw APIError.notFound("User") }
        context.logger.info("user deleted", metadata: ["user": "\(user.username)", "by": "\(admin.username)"])
        return Response(status: .seeOther, headers: [.location: "/admin/users?flash=deleted"])
    }

    // MARK: Sign-in links

    /// How the account signs in: its origin, and the methods an admin
    /// linked to it (see `AccountBinding`).
    @Sendable func links(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        return try await linksPage(request, context: context, admin: admin, error: nil, form: [:])
    }

    private func linksPage(
        _ request: Request, context: HeraldRequestContext, admin: User, error: String?, form: [String: String], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let id = try Identifiers.integer(context, "user_id")
        guard let user = try await api.store.user(id: id) else { throw APIError.notFound("User") }
        let identities = try await api.store.identities(userID: user.id)
        var issuers: [String] = []
        for provider in api.signIn.oidc?.providers ?? [] {
            if let issuer = await provider.knownIssuer { issuers.append(issuer) }
        }
        let values: [String: Any] = [
            "userID": user.id, "accountName": user.username, "origin": user.origin.spokenName,
            "hasPassword": try await api.store.passwordHash(username: user.username) != nil,
            "hasLinks": !identities.isEmpty,
            "links": identities.map {
                [
                    "origin": $0.origin.rawValue, "method": $0.origin.spokenName, "issuer": $0.issuer, "subject": $0.subject as Any,
                ] as [String: Any]
            },
            "issuers": Array(Set(issuers)).sorted(), "error": error as Any, "enteredIssuer": form["issuer"] ?? "", "enteredSubject": form["subject"] ?? "",
        ]
        return try await web.page("admin-user-links", title: "Sign-in links", nav: "users", user: admin, request: request, values: values, status: status)
    }

    /// A links form: the admin, the account it is about, the method it names.
    private func linkForm(_ request: Request, context: HeraldRequestContext) async throws -> (admin: User, user: User, origin: AccountOrigin, form: [String: String]) {
        let admin = try await web.requireAdmin(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let user = try await api.store.user(id: try Identifiers.integer(context, "user_id")) else { throw APIError.notFound("User") }
        guard let origin = form["origin"].flatMap(AccountOrigin.init(rawValue:)) else { throw APIError(.badRequest, "Which method: oidc, ldap or url?") }
        return (admin, user, origin, form)
    }

    @Sendable func link(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let (admin, user, origin, form) = try await linkForm(request, context: context)
        let subject = form["subject"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        do {
            let identity = try await AccountLinks(store: api.store, clock: api.clock).link(
                username: user.username, origin: origin, issuer: form["issuer"], subject: subject
            )
            context.logger.notice("sign-in method linked to an account", metadata: ["user": "\(user.username)", "identity": "\(identity.description)", "by": "\(admin.username)"])
        } catch let error as UseCaseError {
            return try await linksPage(request, context: context, admin: admin, error: error.description, form: form, status: UseCaseAnswers.status(of: error))
        }
        return web.done(request, location: "/admin/users/\(user.id)/links?flash=saved")
    }

    @Sendable func unlink(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let (admin, user, origin, form) = try await linkForm(request, context: context)
        try await AccountLinks(store: api.store, clock: api.clock).unlink(username: user.username, origin: origin, issuer: form["issuer"])
        context.logger.notice("sign-in method unlinked from an account", metadata: ["user": "\(user.username)", "origin": "\(origin.rawValue)", "by": "\(admin.username)"])
        return web.done(request, location: "/admin/users/\(user.id)/links?flash=removed")
    }
}
