import Foundation
import HeraldCore
import Logging

/// What a sign-in does to accounts, whichever method vouched for it
/// (password, directory, OpenID Connect) and whichever way it came in (the
/// JSON login, the web form, the OpenID redirect): the account the login
/// reaches (`AccountBinding`), made at its first login (answered 201 by the
/// JSON routes, as the old server does); ADMIN_USERS made admins then,
/// through the primary method only; a directory's say on admin rights
/// applied at every login; confinement as the login says; and the login
/// recorded, or a web session opened.
public struct SignIns: Sendable {
    /// A login someone vouched for, as the account rules read it.
    public struct Login: Sendable, Equatable {
        public var binding: AccountBinding.Login
        /// The directory's say on admin rights; nil when it has none.
        public var isAdmin: Bool?
        /// Whether the account this login reaches is confined (`Confinement`).
        public var confined: Bool
        /// The groups the method names (issue 41): the teams that follow
        /// them are set to match at every login; nil: the method says nothing.
        public var groups: LoginGroups?
        /// The email address the method vouches for (issue 42: the
        /// directory's `mail`, a verified OpenID `email`); nil: none.
        public var email: String?
        /// Whether the method speaks of addresses at all: then a login
        /// without one takes back what an earlier one gave.
        public var saysEmail: Bool

        public init(
            binding: AccountBinding.Login, isAdmin: Bool?, confined: Bool, groups: LoginGroups? = nil, email: String? = nil, saysEmail: Bool = false
        ) {
            self.binding = binding
            self.isAdmin = isAdmin
            self.confined = confined
            self.groups = groups
            self.email = email
            self.saysEmail = saysEmail || email != nil
        }
    }

    /// A login refused because its name is another origin's account (409).
    public struct Refused: Error, CustomStringConvertible {
        public var refusal: AccountBinding.Refusal
        public var description: String {
            "This user name belongs to \(refusal.accountOrigin.spokenName), not to \(refusal.loginOrigin.spokenName): an administrator may link the two"
        }
    }

    let store: any AccountStore & SessionStore & AccessStore
    let confinement: AccountConfinement
    /// ADMIN_USERS: made admins at their first login through the primary
    /// method, and never demoted by a directory.
    let adminUsers: Set<String>
    let linkedMethods: Set<AccountOrigin>
    /// The primary OpenID provider's issuer (nil without one). Throws
    /// (`AuthenticationUnavailable`, a 503) when its document cannot be had:
    /// deciding without it would refuse a login the provider would allow.
    let primaryIssuer: @Sendable () async throws -> String?
    /// What joining or leaving a team through this login gives or takes.
    public var subscriptions: TeamSubscriptions?
    /// Where an email address the login vouches for becomes the person's
    /// contact method (issue 42); nil where the site sends no email.
    public var contactMethods: ContactMethods?

    public init(
        store: any AccountStore & SessionStore & AccessStore, confinement: AccountConfinement, adminUsers: Set<String>, linkedMethods: Set<AccountOrigin>,
        primaryIssuer: @escaping @Sendable () async throws -> String?
    ) {
        self.store = store
        self.confinement = confinement
        self.adminUsers = adminUsers
        self.linkedMethods = linkedMethods
        self.primaryIssuer = primaryIssuer
    }

    /// The account the login reaches, as the login leaves it, and whether
    /// it was made now.
    public func account(for login: Login, at now: Date, logger: Logger) async throws -> (user: User, created: Bool) {
        var (user, created) = try await reach(login, now: now, logger: logger)
        user = try await confinement.signedIn(user, confined: login.confined, logger: logger)
        if let isAdmin = login.isAdmin, isAdmin != user.isAdmin, !adminUsers.contains(user.username) {
            try await store.setAdmin(userID: user.id, isAdmin)
            user.isAdmin = isAdmin
        }
        let before = try await store.accessGrants(userID: user.id).teams
        if let groups = login.groups {
            // The teams that follow this kind of source are what the login says, now: joined and left at once.
            let teams = TeamMembership.teams(named: groups.names, kind: groups.kind, among: try await store.teams())
            try await store.setMemberships(userID: user.id, kind: groups.kind, teamIDs: login.confined ? [] : teams, at: now)
        }
        // Joined teams' subscriptions made, mandatory ones kept, private services one may no longer see left.
        let after = login.groups == nil ? before : try await store.accessGrants(userID: user.id).teams
        try await subscriptions?.settle([user.id], joined: after.subtracting(before))
        if login.saysEmail, !login.confined, let contactMethods {
            // The login stands whatever becomes of the address: it is kept at the next one.
            do {
                try await contactMethods.adoptSignInEmail(login.email, for: user, logger: logger)
            } catch {
                logger.warning("a sign-in's email address was not kept", metadata: ["user": "\(user.username)", "error": "\(String(reflecting: error).prefix(200))"])
            }
        }
        logger.info("login", metadata: ["user": "\(user.username)", "origin": "\(login.binding.origin.rawValue)"])
        return (user, created)
    }

    /// An app's login: the user's phones are pushed to until `expiresAt`.
    public func recordLogin(of user: User, expiresAt: Date, at now: Date) async throws {
        try await store.recordLogin(userID: user.id, expiresAt: expiresAt, at: now)
    }

    /// A web sign-in's session, open until `expiresAt` or signing out.
    public func openSession(id: String, for user: User, expiresAt: Date, at now: Date) async throws {
        try await store.openSession(id: id, userID: user.id, expiresAt: expiresAt, at: now)
        // Pushes to the user's phones go on as long as any login holds:
        // a web session never shortens what the apps' tokens granted.
        try await store.recordLogin(userID: user.id, expiresAt: max(user.loginExpiresAt ?? .distantPast, expiresAt), at: now)
    }

    /// Signing out of the web app: the session's token is refused from now on.
    public func closeSession(id: String) async throws {
        try await store.closeSession(id: id)
    }

    private func reach(_ login: Login, now: Date, logger: Logger) async throws -> (User, created: Bool) {
        let binding = login.binding
        for attempt in 0..<2 {
            var byIdentity: User?
            if let identity = binding.identity, let subject = identity.subject {
                byIdentity = try await store.user(issuer: identity.issuer, subject: subject)
            }
            var byName: User?
            var identities: [AccountIdentity] = []
            if byIdentity == nil, let named = try await store.user(named: binding.username) {
                byName = named
                identities = try await store.identities(userID: named.id)
            }
            var policy = AccountBinding.Policy(linkedMethods: linkedMethods)
            var decision = AccountBinding.decide(login: binding, byIdentity: byIdentity, byName: byName, identities: identities, policy: policy)
            // Without the primary provider's issuer the rule only refuses more
            // (an OpenID account is the primary's only if its issuer is): it is
            // asked for only when a refusal might turn on it, so a local
            // password or an admin's link still goes in while the provider is away.
            if case .refuse = decision, byName?.origin == .oidc, binding.isPrimary, !policy.linkedMethods.isEmpty {
                policy.primaryIssuer = try await primaryIssuer()
                decision = AccountBinding.decide(login: binding, byIdentity: byIdentity, byName: byName, identities: identities, policy: policy)
            }
            switch decision {
            case .use(let user):
                return (user, false)
            case .bind(let user, let identity):
                do {
                    _ = try await store.link(userID: user.id, identity, at: now)
                } catch StoreError.conflict where attempt == 0 {
                    continue  // another replica bound the subject a moment ago: decide again
                }
                logger.notice("sign-in identity bound to the account", metadata: ["user": "\(user.username)", "identity": "\(identity.description)"])
                return (user, false)
            case .refuse(let refusal):
                logger.warning(
                    "sign-in refused: the name belongs to an account of another origin",
                    metadata: [
                        "user": "\(refusal.username)", "account_origin": "\(refusal.accountOrigin.rawValue)", "login_origin": "\(refusal.loginOrigin.rawValue)",
                        "issuer": "\(binding.identity?.issuer ?? "")", "why": "\(refusal.why)",
                    ]
                )
                throw Refused(refusal: refusal)
            case .create:
                let isAdmin = (binding.isPrimary && adminUsers.contains(binding.username)) || login.isAdmin == true
                do {
                    let user = try await store.createUser(
                        username: binding.username, passwordHash: nil, isAdmin: isAdmin, origin: binding.origin, identity: binding.identity, at: now
                    )
                    logger.notice("account created at first login", metadata: ["user": "\(binding.username)", "origin": "\(binding.origin.rawValue)"])
                    return (user, true)
                } catch StoreError.conflict where attempt == 0 {
                    continue  // another replica made it a moment ago: decide again with it
                }
            }
        }
        throw UseCaseError.conflict("The account \(binding.username) changed twice while signing in: try again")
    }
}
