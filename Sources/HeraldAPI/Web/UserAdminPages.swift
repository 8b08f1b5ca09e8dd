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
    let accounts: UserAccounts
    let accountLinks: AccountLinks
    /// A person's contact methods, as hints (issue 42).
    let contacts: ContactMethods
    /// The OpenID providers an account may be linked to.
    let oidc: OIDCSignIn?
    /// Accounts, their sign-in methods, as listed.
    let people: any AccountStore
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
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        return try await listPage(request, actor: actor, error: nil, entered: [:])
    }

    private func listPage(_ request: Request, actor: Actor, error: String?, entered: [String: String], status: HTTPResponse.Status = .ok) async throws -> Response {
        let after = request.uri.queryParameters["after"].map(String.init)
        let users = try await people.users(after: after, limit: Self.pageSize)
        let language = try await web.language(request, user: actor.user)
        let model = UsersPage(
            users: users.map {
                let name = ["name": $0.username]
                return UsersPage.Account(
                    id: $0.id, username: $0.username, origin: Self.originName($0.origin, language), lastLogin: $0.lastLoginAt.map(Timestamp.wireString),
                    active: $0.isActive, admin: $0.isAdmin, isSelf: $0.id == actor.id, linksTitle: Catalog.text("users.linksTitle", language, name),
                    activeLabel: Catalog.text("users.activeLabel", language, name), adminLabel: Catalog.text("users.adminLabel", language, name),
                    signOutTitle: Catalog.text("users.signOutTitle", language, name)
                )
            },
            next: users.count == Self.pageSize ? "/admin/users?after=" + (users.last!.username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") : nil,
            error: error.map { Catalog.message($0, in: language) }, enteredName: entered["username"] ?? "", enteredAdmin: entered["admin"] == "on"
        )
        return try await web.page(
            "admin-users", title: Catalog.text("users.title", language), nav: "users", actor: actor, request: request, model: model, status: status,
            language: language
        )
    }

    /// Where an account came from, in `language` (`AccountOrigin.spokenName` for one the catalog lacks).
    static func originName(_ origin: AccountOrigin, _ language: Language) -> String {
        Catalog.words["users.origin.\(origin.rawValue)"]?.text(language) ?? origin.spokenName
    }

    /// A local account with a password, as `herald user add` makes one.
    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        do {
            try await accounts.create(
                username: form["username"] ?? "", password: form["password"] ?? "", isAdmin: form["admin"] == "on", by: .admin(actor), logger: context.logger
            )
        } catch let error as UseCaseError {
            return try await listPage(request, actor: actor, error: error.description, entered: form, status: UseCaseAnswers.status(of: error))
        }
        return Response(status: .seeOther, headers: [.location: "/admin/users?flash=created"])
    }

    private func target(_ context: HeraldRequestContext) async throws -> User {
        guard let user = try await people.user(id: try Identifiers.integer(context, "user_id")) else { throw APIError.notFound("User") }
        return user
    }

    /// One switch: `field` (active or admin) and `value` (on/off).
    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let id = try Identifiers.integer(context, "user_id")
        guard let value = form["value"].flatMap(WebSupport.switchValue), let field = form["field"], ["active", "admin"].contains(field) else {
            throw APIError(.badRequest, "Which setting (active or admin), and on or off?")
        }
        let patch = field == "active" ? UserPatch(isActive: value) : UserPatch(isAdmin: value)
        try await accounts.update(id, patch, by: .admin(actor), logger: context.logger)
        return web.done(request, location: "/admin/users?flash=saved")
    }

    /// Ends every session of a user (a lost phone, a leaver), as the API's
    /// `POST /users/{id}/logout-everywhere`.
    @Sendable func logoutEverywhere(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        try web.checkCSRF(request, form: try await web.form(request))
        try await accounts.signOutEverywhere(try Identifiers.integer(context, "user_id"), by: .admin(actor), logger: context.logger)
        return web.done(request, location: "/admin/users?flash=signed-out-user")
    }

    @Sendable func confirmDelete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        let user = try await target(context)
        let language = try await web.language(request, user: actor.user)
        return try await web.confirmation(
            request, admin: actor.user, nav: "users", title: Catalog.text("users.deleteTitle", language),
            heading: Catalog.text("users.deleteHeading", language, ["name": user.username]), message: Catalog.text("users.deleteMessage", language),
            action: "/admin/users/\(user.id)/delete", confirm: Catalog.text("users.deleteTitle", language), back: "/admin/users", language: language
        )
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        try web.checkCSRF(request, form: try await web.form(request))
        try await accounts.delete(try Identifiers.integer(context, "user_id"), by: .admin(actor), logger: context.logger)
        return Response(status: .seeOther, headers: [.location: "/admin/users?flash=deleted"])
    }

    // MARK: Sign-in links

    /// How the account signs in: its origin, and the methods an admin
    /// linked to it (see `AccountBinding`).
    @Sendable func links(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        return try await linksPage(request, context: context, actor: actor, error: nil, form: [:])
    }

    private func linksPage(
        _ request: Request, context: HeraldRequestContext, actor: Actor, error: String?, form: [String: String], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let id = try Identifiers.integer(context, "user_id")
        guard let user = try await people.user(id: id) else { throw APIError.notFound("User") }
        let identities = try await people.identities(userID: user.id)
        let language = try await web.language(request, user: actor.user)
        let hasPassword = try await people.passwordHash(username: user.username) != nil
        var issuers: [String] = []
        for provider in oidc?.providers ?? [] {
            if let issuer = await provider.knownIssuer { issuers.append(issuer) }
        }
        let model = UserLinksPage(
            contacts: try await contacts.methods(ofUser: user.id, by: actor).map {
                UserLinksPage.Contact(kind: $0.kind.rawValue, hint: $0.hint, verified: $0.verified)
            },
            userID: user.id, accountName: user.username, heading: Catalog.text("userLinks.heading", language, ["name": user.username]),
            intro: Self.linksIntro(of: user, hasPassword: hasPassword, language),
            hasLinks: !identities.isEmpty,
            links: identities.map {
                UserLinksPage.Link(
                    origin: $0.origin.rawValue, method: Self.originName($0.origin, language), issuer: $0.issuer, hasIssuer: !$0.issuer.isEmpty,
                    subject: $0.subject
                )
            },
            issuers: Array(Set(issuers)).sorted(), error: error.map { Catalog.message($0, in: language) }, enteredIssuer: form["issuer"] ?? "",
            enteredSubject: form["subject"] ?? "",
            subjectLabel: Catalog.text("userLinks.subjectLabel", language, ["sub": "<code>sub</code>"])
        )
        return try await web.page(
            "admin-user-links", title: Catalog.text("userLinks.title", language), nav: "users", actor: actor, request: request, model: model, status: status,
            language: language
        )
    }

    /// How the account came to be and what a sign-in by another method
    /// meets, as HTML: the origin in bold, the name as code (escaped).
    static func linksIntro(of user: User, hasPassword: Bool, _ language: Language) -> String {
        let origin = "<strong>\(RotaCalendar.escaped(originName(user.origin, language)))</strong>"
        let made = Catalog.text(hasPassword ? "userLinks.madeByWithPassword" : "userLinks.madeBy", language, ["origin": origin])
        return made + " " + Catalog.text("userLinks.othersRefused", language, ["name": "<code>\(RotaCalendar.escaped(user.username))</code>"])
    }

    /// A links form: the admin, the account it is about, the method it names.
    private func linkForm(_ request: Request, context: HeraldRequestContext) async throws -> (actor: Actor, user: User, origin: AccountOrigin, form: [String: String]) {
        let actor = try await web.requireActor(request, context: context, toDo: .manageUsers)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let user = try await people.user(id: try Identifiers.integer(context, "user_id")) else { throw APIError.notFound("User") }
        guard let origin = form["origin"].flatMap(AccountOrigin.init(rawValue:)) else { throw APIError(.badRequest, "Which method: oidc, ldap or url?") }
        return (actor, user, origin, form)
    }

    @Sendable func link(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let (actor, user, origin, form) = try await linkForm(request, context: context)
        let subject = form["subject"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        do {
            try await accountLinks.link(
                username: user.username, origin: origin, issuer: form["issuer"], subject: subject, by: .admin(actor), logger: context.logger
            )
        } catch let error as UseCaseError {
            return try await linksPage(request, context: context, actor: actor, error: error.description, form: form, status: UseCaseAnswers.status(of: error))
        }
        return web.done(request, location: "/admin/users/\(user.id)/links?flash=saved")
    }

    @Sendable func unlink(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let (actor, user, origin, form) = try await linkForm(request, context: context)
        try await accountLinks.unlink(username: user.username, origin: origin, issuer: form["issuer"], by: .admin(actor), logger: context.logger)
        return web.done(request, location: "/admin/users/\(user.id)/links?flash=removed")
    }
}

/// The users page: a page of accounts, and the form for a new one.
struct UsersPage: PageModel {
    struct Account: PageValues {
        var id: UserID
        var username, origin: String
        var lastLogin: String?
        var active, admin: Bool
        /// The admin looking (who may not demote or delete themselves here).
        var isSelf: Bool
        /// The link's tooltip, the switches' labels and the sign-out button's tooltip, with the name, in the page's language.
        var linksTitle, activeLabel, adminLabel, signOutTitle: String
    }

    var users: [Account]
    var next: String?
    var error: String?
    var enteredName: String
    var enteredAdmin: Bool
}

/// An account's links to sign-in methods.
struct UserLinksPage: PageModel {
    /// The person's contact methods, as hints (issue 42).
    struct Contact: PageValues {
        var kind, hint: String
        var verified: Bool
    }

    var contacts: [Contact]
    struct Link: PageValues {
        var origin, method, issuer: String
        /// An OpenID provider's link (a directory's or a URL's has none).
        var hasIssuer: Bool
        var subject: String?
    }

    var userID: UserID
    var accountName: String
    /// "How ann signs in", in the page's language.
    var heading: String
    /// What made the account and what another method meets, as HTML (`linksIntro`).
    var intro: String
    var hasLinks: Bool
    var links: [Link]
    var issuers: [String]
    var error: String?
    var enteredIssuer, enteredSubject: String
    /// The subject field's label, as HTML (`sub` as code).
    var subjectLabel: String
}
