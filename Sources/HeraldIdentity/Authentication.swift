import HeraldCore

/// Checks a user name and password: against Herald's own accounts, the
/// site's directory, or its authentication URL.
public protocol PasswordAuthenticator: Sendable {
    /// `username` is already lower-cased and trimmed. Throws
    /// `AuthenticationUnavailable` when it cannot tell (the directory is
    /// down, the login pool is full): that is not a refusal.
    func authenticate(username: String, password: String) async throws -> LoginCheck
}

/// What an authenticator says of a login.
public enum LoginCheck: Sendable, Equatable {
    case accepted(VerifiedLogin)
    case refused
}

/// A login someone vouched for.
public struct VerifiedLogin: Sendable, Equatable {
    public var username: String
    /// Who vouched: the origin an account made at this login gets.
    public var origin: AccountOrigin
    /// Whether the directory says the user is an admin (group membership);
    /// nil when it has no say.
    public var isAdmin: Bool?
    /// For OpenID Connect: the provider's issuer and the subject, which
    /// the account is bound to.
    public var identity: AccountIdentity?
    /// Whether the site's primary method vouched (for OpenID Connect: the
    /// single provider or the default realm). Only it makes ADMIN_USERS admins.
    public var isPrimary: Bool
    /// The Keycloak realm that vouched (OpenID Connect through realms):
    /// a secondary one the site does not trust confines the account.
    public var realm: String?
    /// The groups the method says the person is in (directory group DNs,
    /// an OpenID claim's values); nil when it says nothing of groups.
    public var groups: LoginGroups?
    /// The email address the method vouches for (issue 42): the
    /// directory's `mail`, an OpenID `email` its provider verified; nil
    /// when it vouches for none.
    public var email: String?
    /// Whether the method speaks of an email address at all (the
    /// directory, the primary OpenID provider): then no `email` means the
    /// one a former login gave is no longer vouched for.
    public var saysEmail = false

    public init(username: String, origin: AccountOrigin, isAdmin: Bool? = nil, identity: AccountIdentity? = nil, isPrimary: Bool = true) {
        self.username = username
        self.origin = origin
        self.isAdmin = isAdmin
        self.identity = identity
        self.isPrimary = isPrimary
    }

    /// Whether the account this login reaches is confined to the demo
    /// service (`Confinement`).
    public func confines(trustedRealms: Set<String>) -> Bool {
        Confinement.confines(origin: origin, isPrimary: isPrimary, realm: realm, trustedRealms: trustedRealms)
    }

    /// The login as the account binding rule reads it.
    public var binding: AccountBinding.Login {
        AccountBinding.Login(username: username, origin: origin, identity: identity, isPrimary: isPrimary)
    }
}

/// The login could not be checked now; answered 503 with Retry-After.
public struct AuthenticationUnavailable: Error, CustomStringConvertible {
    public var description: String
    /// Seconds after which trying again makes sense.
    public var retryAfter: Int

    public init(_ description: String, retryAfter: Int = 5) {
        self.description = description
        self.retryAfter = retryAfter
    }
}
