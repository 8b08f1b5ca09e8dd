import Foundation

public typealias UserID = Int64

/// An account. Local accounts carry a bcrypt hash; accounts created by an
/// external authenticator (LDAP, URL, OIDC) have none.
public struct User: Sendable, Equatable {
    public var id: UserID
    public var username: String
    public var isActive: Bool
    public var isAdmin: Bool
    /// When the last JWT issued to this user expires; pushes stop after it,
    /// as they did in the server Herald replaces.
    public var loginExpiresAt: Date?
    /// Who vouched for the account when it was made.
    public var origin: AccountOrigin
    public var lastLoginAt: Date?
    /// The generation of access tokens the account accepts. Revoking (a
    /// password change, a deactivation, "log out everywhere") moves to the
    /// next; a token of an earlier one is refused. Accounts made by Herald
    /// start at 1; 0 is an account brought over from the old server and
    /// never revoked, whose tokens carry no generation.
    public var tokenGeneration: Int64
    /// When the account's tokens were last revoked.
    public var tokensRevokedAt: Date?
    /// Confined to the demo service (`Confinement`): it last signed in
    /// through a secondary OpenID Connect realm the site does not trust.
    public var isConfined: Bool

    public init(
        id: UserID, username: String, isActive: Bool, isAdmin: Bool, loginExpiresAt: Date? = nil, origin: AccountOrigin = .local,
        lastLoginAt: Date? = nil, tokenGeneration: Int64 = 1, tokensRevokedAt: Date? = nil, isConfined: Bool = false
    ) {
        self.isConfined = isConfined
        self.id = id
        self.username = username
        self.isActive = isActive
        self.isAdmin = isAdmin
        self.loginExpiresAt = loginExpiresAt
        self.origin = origin
        self.lastLoginAt = lastLoginAt
        self.tokenGeneration = tokenGeneration
        self.tokensRevokedAt = tokensRevokedAt
    }
}

/// Where an account came from.
public enum AccountOrigin: String, Sendable, CaseIterable, Codable {
    /// Made by an admin, with a password Herald keeps (bcrypt).
    case local
    /// Made at a first login the directory accepted.
    case ldap
    /// Made at a first login the authentication URL accepted.
    case url
    /// Made at a first OpenID Connect login.
    case oidc
    /// The app-store reviewers' account (DEMO_ACCOUNT_PASSWORD).
    case demo

    /// How a person reads it: pages and sign-in refusals say it so.
    public var spokenName: String {
        switch self {
        case .local: "a local account"
        case .ldap: "the directory (LDAP)"
        case .url: "the site's authentication URL"
        case .oidc: "OpenID Connect"
        case .demo: "the demo account"
        }
    }
}

/// A user together with the device tokens registered to them: the shape every
/// user-returning route of the API answers with.
public struct UserProfile: Sendable, Equatable {
    public var user: User
    public var deviceTokens: [String]

    public init(user: User, deviceTokens: [String]) {
        self.user = user
        self.deviceTokens = deviceTokens
    }
}

/// A partial update of a user by an admin.
public struct UserPatch: Sendable, Equatable {
    public var isActive: Bool?
    public var isAdmin: Bool?

    public init(isActive: Bool? = nil, isAdmin: Bool? = nil) {
        self.isActive = isActive
        self.isAdmin = isAdmin
    }
}
