import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: AccessStore {
    public func createTeam(name: String, source: TeamSource, at now: Date) async throws -> Team? {
        guard let id = try await first(
            """
            INSERT INTO teams (name, source_kind, source_ref, created_at) VALUES (\(name), \(source.kind), \(source.reference), \(ExactTimestamp(now)))
            ON CONFLICT (name) DO NOTHING RETURNING id
            """,
            as: Int64.self
        ) else { return nil }
        return try await team(id: id)
    }

    public func teams() async throws -> [Team] {
        try await rows("SELECT id, name, source_kind, source_ref, created_at FROM teams ORDER BY name", as: TeamRow.self).map(Self.team(from:))
    }

    public func team(id: TeamID) async throws -> Team? {
        try await first("SELECT id, name, source_kind, source_ref, created_at FROM teams WHERE id = \(id)", as: TeamRow.self).map(Self.team(from:))
    }

    public func deleteTeam(id: TeamID) async throws -> Bool {
        try await first("DELETE FROM teams WHERE id = \(id) RETURNING id", as: Int64.self) != nil
    }

    public func teamMembers(teamID: TeamID) async throws -> [TeamMember] {
        try await rows(
            "SELECT u.id, u.username FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = \(teamID) ORDER BY u.username",
            as: (Int64, String).self
        ).map { TeamMember(userID: $0.0, username: $0.1) }
    }

    public func addTeamMember(teamID: TeamID, userID: UserID, at now: Date) async throws -> Bool {
        let found = try await first(
            """
            WITH added AS (
                INSERT INTO team_members (team_id, user_id, added_at)
                SELECT t.id, u.id, \(ExactTimestamp(now)) FROM teams t, users u WHERE t.id = \(teamID) AND u.id = \(userID)
                ON CONFLICT (team_id, user_id) DO NOTHING RETURNING 1
            )
            SELECT count(*) FROM teams t, users u WHERE t.id = \(teamID) AND u.id = \(userID)
            """,
            as: Int64.self
        )
        return found == 1
    }

    public func removeTeamMember(teamID: TeamID, userID: UserID) async throws -> Bool {
        try await first("DELETE FROM team_members WHERE team_id = \(teamID) AND user_id = \(userID) RETURNING 1", as: Int32.self) != nil
    }

    public func grantRole(_ role: ServiceRole, of serviceID: UUID, to grantee: Grantee, at now: Date) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        let found = try await first(
            """
            WITH target AS (
                SELECT s.id FROM services s
                WHERE s.id = \(serviceID)
                  AND (\(userID)::int8 IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = \(userID)))
                  AND (\(teamID)::int8 IS NULL OR EXISTS (SELECT 1 FROM teams WHERE id = \(teamID)))
            ),
            granted AS (
                INSERT INTO service_roles (service_id, role, user_id, team_id, granted_at)
                SELECT id, \(role.rawValue), \(userID), \(teamID), \(ExactTimestamp(now)) FROM target
                ON CONFLICT DO NOTHING RETURNING 1
            )
            SELECT count(*) FROM target
            """,
            as: Int64.self
        )
        return found == 1
    }

    public func revokeRole(_ role: ServiceRole, of serviceID: UUID, from grantee: Grantee) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        return try await first(
            """
            DELETE FROM service_roles WHERE service_id = \(serviceID) AND role = \(role.rawValue)
              AND user_id IS NOT DISTINCT FROM \(userID)::int8 AND team_id IS NOT DISTINCT FROM \(teamID)::int8
            RETURNING id
            """,
            as: Int64.self
        ) != nil
    }

    public func roleGrants(serviceID: UUID) async throws -> [RoleGrant] {
        let found = try await rows(
            """
            SELECT r.id, r.role, r.user_id, r.team_id, coalesce(u.username, t.name)
            FROM service_roles r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN teams t ON t.id = r.team_id
            WHERE r.service_id = \(serviceID) ORDER BY r.id
            """,
            as: (Int64, String, Int64?, Int64?, String).self
        )
        return try found.map { row in
            let grantee: Grantee = row.2.map(Grantee.user) ?? .team(row.3 ?? 0)
            return RoleGrant(serviceID: serviceID, role: try StoredValue.role(row.1, row: row.0), grantee: grantee, granteeName: row.4)
        }.sorted { ($0.role, $0.granteeName) < ($1.role, $1.granteeName) }
    }

    public func accessGrants(userID: UserID) async throws -> AccessGrants {
        let found = try await rows(
            """
            WITH mine AS (SELECT team_id FROM team_members WHERE user_id = \(userID))
            SELECT 'team', team_id, NULL::uuid, NULL::text FROM mine
            UNION ALL
            SELECT 'role', r.id, r.service_id, r.role FROM service_roles r
            WHERE r.user_id = \(userID) OR r.team_id IN (SELECT team_id FROM mine)
            """,
            as: (String, Int64, UUID?, String?).self
        )
        var grants = AccessGrants()
        for row in found {
            if row.0 == "team" {
                grants.teams.insert(row.1)
            } else if let service = row.2, let role = row.3 {
                grants.roles[service, default: []].insert(try StoredValue.role(role, row: row.1))
            }
        }
        grants.rotas = try await ownedRotas(userID: userID)
        return grants
    }

    public func roleHolders(serviceID: UUID, roles: Set<ServiceRole>) async throws -> [UserID: String] {
        let found = try await rows(
            """
            SELECT DISTINCT u.id, u.username FROM service_roles r
            LEFT JOIN team_members m ON m.team_id = r.team_id
            JOIN users u ON u.id = coalesce(r.user_id, m.user_id)
            WHERE r.service_id = \(serviceID) AND r.role = ANY(\(roles.map(\.rawValue))) AND u.is_active
            """,
            as: (Int64, String).self
        )
        return Dictionary(found.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    typealias TeamRow = (Int64, String, String, String?, ExactTimestamp)

    static func team(from row: TeamRow) throws -> Team {
        Team(id: row.0, name: row.1, source: try StoredValue.teamSource(kind: row.2, reference: row.3, row: row.0), createdAt: row.4.date)
    }
}

extension Grantee {
    /// The grantee as `service_roles`' two columns: one set, the other NULL.
    var columns: (userID: Int64?, teamID: Int64?) {
        switch self {
        case .user(let id): (id, nil)
        case .team(let id): (nil, id)
        }
    }
}

extension PageTarget {
    /// The target as `page_services`' two columns: one set, the other NULL.
    var columns: (teamID: Int64?, rotaID: Int64?) {
        switch self {
        case .team(let id): (id, nil)
        case .rota(let id): (nil, id)
        }
    }
}

extension PostgresStore {
    public func setTeamMembers(teamID: TeamID, userIDs: Set<UserID>, at now: Date) async throws {
        let ids = Array(userIDs)
        try await transaction { connection in
            try await connection.execute("DELETE FROM team_members WHERE team_id = \(teamID) AND NOT (user_id = ANY(\(ids)))", logger: logger)
            try await connection.execute(
                """
                INSERT INTO team_members (team_id, user_id, added_at)
                SELECT t.id, u.id, \(ExactTimestamp(now)) FROM teams t, users u WHERE t.id = \(teamID) AND u.id = ANY(\(ids))
                ON CONFLICT (team_id, user_id) DO NOTHING
                """,
                logger: logger
            )
        }
    }

    public func setMemberships(userID: UserID, kind: String, teamIDs: Set<TeamID>, at now: Date) async throws {
        let ids = Array(teamIDs)
        try await transaction { connection in
            try await connection.execute(
                """
                DELETE FROM team_members WHERE user_id = \(userID) AND NOT (team_id = ANY(\(ids)))
                  AND team_id IN (SELECT id FROM teams WHERE source_kind = \(kind))
                """,
                logger: logger
            )
            try await connection.execute(
                """
                INSERT INTO team_members (team_id, user_id, added_at)
                SELECT t.id, u.id, \(ExactTimestamp(now)) FROM teams t, users u WHERE t.id = ANY(\(ids)) AND t.source_kind = \(kind) AND u.id = \(userID)
                ON CONFLICT (team_id, user_id) DO NOTHING
                """,
                logger: logger
            )
        }
    }
}

extension PostgresStore {
    public func setTeamSubscription(serviceID: UUID, teamID: TeamID, mandatory: Bool?, at now: Date) async throws -> Bool {
        guard let mandatory else {
            _ = try await first("DELETE FROM team_subscriptions WHERE service_id = \(serviceID) AND team_id = \(teamID) RETURNING 1", as: Int32.self)
            return try await first("SELECT 1 FROM services s, teams t WHERE s.id = \(serviceID) AND t.id = \(teamID)", as: Int32.self) != nil
        }
        return try await first(
            """
            INSERT INTO team_subscriptions (service_id, team_id, mandatory, created_at)
            SELECT s.id, t.id, \(mandatory), \(ExactTimestamp(now)) FROM services s, teams t WHERE s.id = \(serviceID) AND t.id = \(teamID)
            ON CONFLICT (service_id, team_id) DO UPDATE SET mandatory = excluded.mandatory
            RETURNING 1
            """,
            as: Int32.self
        ) != nil
    }

    public func teamSubscriptions(serviceID: UUID) async throws -> [TeamSubscription] {
        try await rows(
            """
            SELECT ts.service_id, ts.team_id, t.name, ts.mandatory FROM team_subscriptions ts JOIN teams t ON t.id = ts.team_id
            WHERE ts.service_id = \(serviceID) ORDER BY t.name
            """,
            as: (UUID, Int64, String, Bool).self
        ).map { TeamSubscription(serviceID: $0.0, teamID: $0.1, teamName: $0.2, mandatory: $0.3) }
    }

    public func teamSubscriptions(userID: UserID) async throws -> [TeamSubscription] {
        try await rows(
            """
            SELECT ts.service_id, ts.team_id, t.name, ts.mandatory FROM team_subscriptions ts JOIN teams t ON t.id = ts.team_id
            WHERE ts.team_id IN (SELECT team_id FROM team_members WHERE user_id = \(userID)) ORDER BY t.name
            """,
            as: (UUID, Int64, String, Bool).self
        ).map { TeamSubscription(serviceID: $0.0, teamID: $0.1, teamName: $0.2, mandatory: $0.3) }
    }
}

extension PostgresStore {
    public func grantRotaOwner(rotaID: Int64, to grantee: Grantee, at now: Date) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        let found = try await first(
            """
            WITH target AS (
                SELECT r.id FROM rotas r
                WHERE r.id = \(rotaID)
                  AND (\(userID)::int8 IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = \(userID)))
                  AND (\(teamID)::int8 IS NULL OR EXISTS (SELECT 1 FROM teams WHERE id = \(teamID)))
            ),
            granted AS (
                INSERT INTO rota_owners (rota_id, user_id, team_id, granted_at)
                SELECT id, \(userID), \(teamID), \(ExactTimestamp(now)) FROM target
                ON CONFLICT DO NOTHING RETURNING 1
            )
            SELECT count(*) FROM target
            """,
            as: Int64.self
        )
        return found == 1
    }

    public func revokeRotaOwner(rotaID: Int64, from grantee: Grantee) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        return try await first(
            """
            DELETE FROM rota_owners WHERE rota_id = \(rotaID)
              AND user_id IS NOT DISTINCT FROM \(userID)::int8 AND team_id IS NOT DISTINCT FROM \(teamID)::int8
            RETURNING id
            """,
            as: Int64.self
        ) != nil
    }

    public func rotaOwners(rotaID: Int64) async throws -> [RotaOwner] {
        try await rows(
            """
            SELECT o.user_id, o.team_id, coalesce(u.username, t.name)
            FROM rota_owners o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN teams t ON t.id = o.team_id
            WHERE o.rota_id = \(rotaID) ORDER BY o.id
            """,
            as: (Int64?, Int64?, String).self
        ).map { RotaOwner(rotaID: rotaID, grantee: $0.0.map(Grantee.user) ?? .team($0.1 ?? 0), granteeName: $0.2) }
    }

    /// The rotas an account owns, itself or through a team.
    func ownedRotas(userID: UserID) async throws -> Set<Int64> {
        Set(try await rows(
            """
            SELECT rota_id FROM rota_owners
            WHERE user_id = \(userID) OR team_id IN (SELECT team_id FROM team_members WHERE user_id = \(userID))
            """,
            as: Int64.self
        ))
    }
}

extension PostgresStore {
    public func pageService(of target: PageTarget) async throws -> UUID? {
        let (teamID, rotaID) = target.columns
        return try await first(
            "SELECT service_id FROM page_services WHERE team_id = \(teamID)::int8 OR rota_id = \(rotaID)::int8",
            as: UUID.self
        )
    }

    public func linkPageService(_ serviceID: UUID, to target: PageTarget) async throws -> UUID? {
        let (teamID, rotaID) = target.columns
        // The insert's conflict leaves the row another replica linked, which the select reads.
        _ = try await first(
            """
            INSERT INTO page_services (service_id, team_id, rota_id)
            SELECT \(serviceID), \(teamID)::int8, \(rotaID)::int8
            WHERE EXISTS (SELECT 1 FROM teams WHERE id = \(teamID)::int8) OR EXISTS (SELECT 1 FROM rotas WHERE id = \(rotaID)::int8)
            ON CONFLICT DO NOTHING RETURNING 1
            """,
            as: Int64.self
        )
        return try await pageService(of: target)
    }

    public func pageServices() async throws -> [PageTarget: UUID] {
        var links: [PageTarget: UUID] = [:]
        for (service, team, rota) in try await rows("SELECT service_id, team_id, rota_id FROM page_services", as: (UUID, Int64?, Int64?).self) {
            if let team { links[.team(team)] = service } else if let rota { links[.rota(rota)] = service }
        }
        return links
    }

    public func isPageService(_ serviceID: UUID) async throws -> Bool {
        try await first(
            """
            SELECT 1 FROM page_services WHERE service_id = \(serviceID)
            UNION ALL SELECT 1 FROM settings WHERE name = \(ShiftNotice.serviceSetting) AND lower(value) = lower(\(serviceID.uuidString))
            LIMIT 1
            """,
            as: Int32.self
        ) != nil
    }
}
