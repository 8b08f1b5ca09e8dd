/// Which teams a person is in by their source (issue 41), decided over
/// values: the groups a directory login or sync names (group DNs) or the
/// values of an OpenID Connect claim, against the teams that follow that
/// kind of source. The store then sets exactly those memberships of that
/// kind: a team the person left is left at once.
public enum TeamMembership {
    /// The teams of `kind` (`ldap`, `oidc`) whose reference `groups` name.
    public static func teams(named groups: Set<String>, kind: String, among teams: [Team]) -> Set<TeamID> {
        let wanted = kind == "ldap" ? Set(groups.map(DirectoryName.normalized)) : groups
        return Set(teams.filter { team in
            guard team.source.kind == kind, let reference = team.source.reference else { return false }
            return wanted.contains(kind == "ldap" ? DirectoryName.normalized(reference) : reference)
        }.map(\.id))
    }
}

/// The groups a login brings (issue 41): the directory's group DNs, or an
/// OpenID Connect claim's values.
public struct LoginGroups: Sendable, Equatable {
    /// `ldap` or `oidc`: the kind of team they are matched against.
    public var kind: String
    public var names: Set<String>

    public init(kind: String, names: Set<String>) {
        self.kind = kind
        self.names = names
    }
}
