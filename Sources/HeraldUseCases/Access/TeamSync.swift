import Foundation
import HeraldCore
import Logging

/// Teams that follow directory groups, made to match them (issue 41): at
/// every TEAM_SYNC_MINUTES the groups' members are read through the
/// service account and each team's members set to the accounts of those
/// names that came from the directory; someone taken out of a group leaves
/// its team at the sync, as they do at their next login. Accounts made by
/// another method are never put in a directory team by name alone.
public struct TeamSync: Sendable {
    let store: any AccessStore & AccountStore
    let clock: WallClock
    /// Who joins a team gets what it receives; who leaves loses what only it let them see.
    let subscriptions: TeamSubscriptions
    /// Each group's members (user names), by group DN.
    let members: @Sendable ([String]) async throws -> [String: Set<String>]

    public init(
        store: any AccessStore & AccountStore & ServiceStore & FilterStore & AuditStore, clock: WallClock, members: @escaping @Sendable ([String]) async throws -> [String: Set<String>]
    ) {
        subscriptions = TeamSubscriptions(store: store, clock: clock)
        self.store = store
        self.clock = clock
        self.members = members
    }

    /// One pass; answers how many directory teams were set.
    @discardableResult
    public func run(logger: Logger) async throws -> Int {
        let teams = try await store.teams().filter { $0.source.kind == "ldap" }
        guard !teams.isEmpty else { return 0 }
        let groups = teams.compactMap(\.source.reference)
        let found = try await members(groups)
        var accounts: [String: UserID?] = [:]
        for team in teams {
            guard let group = team.source.reference, let names = found[group] else { continue }
            var ids: Set<UserID> = []
            for name in names {
                if accounts[name] == nil {
                    let user = try await store.user(named: name)
                    accounts[name] = user.flatMap { $0.origin == .ldap ? $0.id : nil }
                }
                if let id = accounts[name] ?? nil { ids.insert(id) }
            }
            let before = Set(try await store.teamMembers(teamID: team.id).map(\.userID))
            try await store.setTeamMembers(teamID: team.id, userIDs: ids, at: clock.now())
            try await subscriptions.settle(Array(ids.subtracting(before)), joined: [team.id])
            try await subscriptions.settle(Array(before.subtracting(ids)))
        }
        logger.debug("directory teams synced", metadata: ["teams": "\(teams.count)"])
        return teams.count
    }
}
