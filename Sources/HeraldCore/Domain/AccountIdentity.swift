import Foundation

/// A way into an account besides a password kept here: the OpenID
/// provider's subject an OpenID Connect account was made for (matched by
/// issuer and subject, never by name), or another sign-in method an admin
/// linked to the account.
public struct AccountIdentity: Sendable, Equatable, Hashable {
    /// `ldap`, `url` or `oidc`: a local password belongs to its account
    /// already, and the demo account is no identity.
    public var origin: AccountOrigin
    /// The OpenID provider's issuer; empty for the other methods.
    public var issuer: String
    /// The OpenID subject. Nil only in a link made before links named it
    /// (issue 39), which reaches nobody, and in an OpenID method a removal names.
    public var subject: String?

    public init(origin: AccountOrigin, issuer: String = "", subject: String? = nil) {
        self.origin = origin
        self.issuer = origin == .oidc ? issuer : ""
        self.subject = origin == .oidc ? subject : nil
    }

    /// The origins an identity may have.
    public static let linkableOrigins: [AccountOrigin] = [.ldap, .url, .oidc]

    /// How an admin or a log reads it: `ldap`, `oidc https://idp/realms/x (sub 1234)`.
    public var description: String {
        guard origin == .oidc else { return origin.rawValue }
        return "oidc \(issuer)" + (subject.map { " (subject \($0))" } ?? " (no subject: reaches nobody)")
    }
}
