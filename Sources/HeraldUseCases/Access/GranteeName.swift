import HeraldCore

/// A grantee as a request names it: an account by its username, a team by
/// its id. One reading for every grant (a service's roles, a rota's
/// owners), so the rules cannot differ: the name checked as text, a
/// confined account never granted anything.
public enum GranteeName: Sendable, Equatable {
    case user(String)
    case team(TeamID)

    /// What a body names: exactly one of a username and a team id.
    public init(username: String?, teamID: TeamID?) throws(UseCaseError) {
        switch (username, teamID) {
        case (let name?, nil): self = .user(name)
        case (nil, let team?): self = .team(team)
        default: throw .invalid(field: "username", "Name either a username or a team_id")
        }
    }

    /// The grantee it names, with its name (the account's username, the
    /// team's name); refused (422) when there is no such one.
    func resolve(in store: any AccountStore & AccessStore, visibility: ServiceVisibility) async throws -> (Grantee, String) {
        switch self {
        case .user(let name):
            if let problem = TextRules.problem(name, maxLength: 256, allowEmpty: false) { throw UseCaseError.invalid(field: "username", problem.message) }
            guard let user = try await store.user(named: name) else { throw UseCaseError.invalid(field: "username", "No account is named \(name)") }
            guard !visibility.isConfined(user) else {
                throw UseCaseError.invalid(field: "username", "\(name) is confined to the demo service and can hold no role")
            }
            return (.user(user.id), user.username)
        case .team(let id):
            guard let team = try await store.team(id: id) else { throw UseCaseError.invalid(field: "team_id", "No team has the id \(id)") }
            return (.team(team.id), team.name)
        }
    }
}
