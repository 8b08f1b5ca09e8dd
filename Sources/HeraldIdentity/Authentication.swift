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

    public init(username: String, origin: AccountOrigin, isAdmin: Bool? = nil) {
        self.username = username
        self.origin = origin
        self.isAdmin = isAdmin
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
