import Foundation

/// A group of people roles are granted to (issue 41): the vacuum group,
/// the RF experts, the control room.
public struct Team: Sendable, Equatable {
    public var id: TeamID
    /// Unique, as people name it.
    public var name: String
    /// Where its members come from.
    public var source: TeamSource
    public var createdAt: Date

    public init(id: TeamID, name: String, source: TeamSource, createdAt: Date) {
        self.id = id
        self.name = name
        self.source = source
        self.createdAt = createdAt
    }
}

/// Where a team's members come from. Only a team kept by hand takes
/// members from an admin; the others follow their source at each login.
public enum TeamSource: Sendable, Equatable {
    /// Members added and removed by admins.
    case manual
    /// The members of a directory group, by its distinguished name.
    case ldapGroup(String)
    /// Those whose OpenID Connect token carries this value in the site's
    /// groups claim.
    case oidcClaim(String)

    /// The stored kind: `manual`, `ldap` or `oidc`.
    public var kind: String {
        switch self {
        case .manual: "manual"
        case .ldapGroup: "ldap"
        case .oidcClaim: "oidc"
        }
    }

    /// The group's DN or the claim's value; nil for a team kept by hand.
    public var reference: String? {
        switch self {
        case .manual: nil
        case .ldapGroup(let dn): dn
        case .oidcClaim(let value): value
        }
    }

    /// The source stored as `kind` and `reference`; nil for a kind this
    /// release does not know.
    public init?(kind: String, reference: String?) {
        switch (kind, reference) {
        case ("manual", _): self = .manual
        case ("ldap", let dn?): self = .ldapGroup(dn)
        case ("oidc", let value?): self = .oidcClaim(value)
        default: return nil
        }
    }
}
