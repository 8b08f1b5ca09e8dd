import Foundation

/// Which account a login someone vouched for reaches. An account is bound
/// to where it came from: an OpenID Connect login finds its account by the
/// provider's issuer and subject, never by name alone, and a login whose
/// name belongs to an account of another origin (a local account, the
/// directory, the authentication URL, another issuer) is refused unless an
/// admin linked the account to that method, or the site declared that two
/// methods name the same people (`LINKED_SIGN_IN_METHODS`, primary
/// provider only). A local password is checked on its own account, so it
/// always reaches it.
public enum AccountBinding {
    /// What the sign-in method vouched for.
    public struct Login: Sendable, Equatable {
        public var username: String
        public var origin: AccountOrigin
        /// For OpenID Connect: the issuer and the subject.
        public var identity: AccountIdentity?
        /// Whether it came through the site's primary method (for OpenID
        /// Connect: the single provider or the default realm, never another realm).
        public var isPrimary: Bool

        public init(username: String, origin: AccountOrigin, identity: AccountIdentity? = nil, isPrimary: Bool = true) {
            self.username = username
            self.origin = origin
            self.identity = identity
            self.isPrimary = isPrimary
        }
    }

    /// What the site declared about its methods.
    public struct Policy: Sendable, Equatable {
        /// Methods whose user names name the same people (`ldap`, `url`,
        /// `oidc`); empty: every method keeps its own accounts.
        public var linkedMethods: Set<AccountOrigin>
        /// The primary OpenID provider's issuer, when known: an account it
        /// made is the primary method's.
        public var primaryIssuer: String?

        public init(linkedMethods: Set<AccountOrigin> = [], primaryIssuer: String? = nil) {
            self.linkedMethods = linkedMethods.intersection(AccountIdentity.linkableOrigins)
            self.primaryIssuer = primaryIssuer
        }
    }

    public enum Decision: Sendable, Equatable {
        /// Sign in to this account.
        case use(User)
        /// Sign in to this account and keep the identity with it (an
        /// OpenID subject bound to an account made before accounts were
        /// bound, or shared by the site's linked methods).
        case bind(User, AccountIdentity)
        /// No account has the name: make one.
        case create
        /// The name is another origin's account.
        case refuse(Refusal)
    }

    /// A refused login, with both origins for the log and the answer.
    public struct Refusal: Sendable, Equatable, CustomStringConvertible {
        public var username: String
        public var accountOrigin: AccountOrigin
        public var loginOrigin: AccountOrigin
        public var why: String

        public var description: String {
            "the name \(username) belongs to \(accountOrigin.spokenName), and this sign-in came from \(loginOrigin.spokenName): \(why)"
        }
    }

    /// - Parameters:
    ///   - byIdentity: the account the login's OpenID subject is bound to.
    ///   - byName: the account with the login's name.
    ///   - identities: `byName`'s linked identities.
    public static func decide(login: Login, byIdentity: User?, byName: User?, identities: [AccountIdentity], policy: Policy) -> Decision {
        if let byIdentity { return .use(byIdentity) }
        guard let account = byName else { return .create }
        func refuse(_ why: String) -> Decision {
            .refuse(Refusal(username: account.username, accountOrigin: account.origin, loginOrigin: login.origin, why: why))
        }
        let askAdmin = "an administrator may link the account to this sign-in method"
        if account.origin == .demo || login.origin == .demo {
            return account.origin == login.origin ? .use(account) : refuse("the demo account is never shared")
        }
        switch login.origin {
        case .local, .demo:
            // A password checked on this very account (the demo account's
            // own was decided above).
            return .use(account)
        case .oidc:
            guard let identity = login.identity, identity.subject != nil else { return refuse("the provider named no subject") }
            if let held = identities.first(where: { $0.origin == .oidc && $0.issuer == identity.issuer }) {
                // The account's own provider, or an admin's link to it: the
                // subject is bound, and never changes. A link without one
                // (made before links named the subject) binds nothing: the
                // first login with the name would take the account.
                guard held.subject != nil else {
                    return refuse("the link to this provider names no subject: an administrator may link it again with the subject")
                }
                return refuse("another person of the same provider holds the name")
            }
            let madeBeforeBinding = account.origin == .oidc && !identities.contains { $0.origin == .oidc }
            if madeBeforeBinding, login.isPrimary { return .bind(account, identity) }
            if sharesNames(account, identities: identities, login: login, policy: policy) { return .bind(account, identity) }
            return refuse(askAdmin)
        case .ldap, .url:
            if account.origin == login.origin || identities.contains(where: { $0.origin == login.origin }) { return .use(account) }
            if sharesNames(account, identities: identities, login: login, policy: policy) { return .use(account) }
            return refuse(askAdmin)
        }
    }

    /// Whether the site declared that the login's method and the account's
    /// name the same people. Only through the primary method: a secondary
    /// realm never reaches another method's accounts. Never a local account.
    static func sharesNames(_ account: User, identities: [AccountIdentity], login: Login, policy: Policy) -> Bool {
        guard login.isPrimary, policy.linkedMethods.contains(login.origin), policy.linkedMethods.contains(account.origin) else { return false }
        // An OpenID account made by a secondary realm is not the primary's.
        if account.origin == .oidc {
            let issuers = identities.filter { $0.origin == .oidc }.map(\.issuer)
            return issuers.isEmpty || (policy.primaryIssuer.map(issuers.contains) ?? false)
        }
        return true
    }
}
