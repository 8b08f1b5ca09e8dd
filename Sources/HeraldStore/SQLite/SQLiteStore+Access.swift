import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: AccessStore {
    public func createTeam(name: String, source: TeamSource, at now: Date) async throws -> Team? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO teams (name, source_kind, source_ref, created_at) VALUES (\(name), \(source.kind), \(source.reference), \(now))
                ON CONFLICT (name) DO NOTHING RETURNING id, name, source_kind, source_ref, created_at
                """
            ).map(Self.team(from:))
        }
    }

    public func teams() async throws -> [Team] {
        try await database.read { db in
            try await db.rows("SELECT id, name, source_kind, source_ref, created_at FROM teams ORDER BY name").map(Self.team(from:))
        }
    }

    public func team(id: TeamID) async throws -> Team? {
        try await database.read { db in
            try await db.first("SELECT id, name, source_kind, source_ref, created_at FROM teams WHERE id = \(id)").map(Self.team(from:))
        }
    }

    public func deleteTeam(id: TeamID) async throws -> Bool {
        try await database.transaction { db in try await db.first("DELETE FROM teams WHERE id = \(id) RETURNING id") != nil }
    }

    public func teamMembers(teamID: TeamID) async throws -> [TeamMember] {
        try await database.read { db in
            try await db.rows(
                "SELECT u.id, u.username FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = \(teamID) ORDER BY u.username"
            ).map { TeamMember(userID: try $0.int64("id"), username: try $0.text("username")) }
        }
    }

    public func addTeamMember(teamID: TeamID, userID: UserID, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.first("SELECT 1 AS found FROM teams t, users u WHERE t.id = \(teamID) AND u.id = \(userID)") != nil else { return false }
            try await db.execute("INSERT INTO team_members (team_id, user_id, added_at) VALUES (\(teamID), \(userID), \(now)) ON CONFLICT DO NOTHING")
            return true
        }
    }

    public func removeTeamMember(teamID: TeamID, userID: UserID) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM team_members WHERE team_id = \(teamID) AND user_id = \(userID) RETURNING user_id") != nil
        }
    }

    public func grantRole(_ role: ServiceRole, of serviceID: UUID, to grantee: Grantee, at now: Date) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        return try await database.transaction { db in
            guard try await db.first(
                """
                SELECT 1 AS found FROM services WHERE id = \(serviceID)
                  AND (\(userID) IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = \(userID)))
                  AND (\(teamID) IS NULL OR EXISTS (SELECT 1 FROM teams WHERE id = \(teamID)))
                """
            ) != nil else { return false }
            try await db.execute(
                """
                INSERT INTO service_roles (service_id, role, user_id, team_id, granted_at) VALUES (\(serviceID), \(role.rawValue), \(userID), \(teamID), \(now))
                ON CONFLICT DO NOTHING
                """
            )
            return true
        }
    }

    public func revokeRole(_ role: ServiceRole, of serviceID: UUID, from grantee: Grantee) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        return try await database.transaction { db in
            try await db.first(
                """
                DELETE FROM service_roles WHERE service_id = \(serviceID) AND role = \(role.rawValue)
                  AND user_id IS \(userID) AND team_id IS \(teamID)
                RETURNING id
                """
            ) != nil
        }
    }

    public func roleGrants(serviceID: UUID) async throws -> [RoleGrant] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT r.id, r.role, r.user_id, r.team_id, coalesce(u.username, t.name) AS grantee_name
                FROM service_roles r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN teams t ON t.id = r.team_id
                WHERE r.service_id = \(serviceID) ORDER BY r.id
                """
            ).map { row in
                let grantee: Grantee = try row.optionalInt64("user_id").map(Grantee.user) ?? .team(try row.int64("team_id"))
                return RoleGrant(
                    serviceID: serviceID, role: try StoredValue.role(try row.text("role"), row: try row.int64("id")), grantee: grantee,
                    granteeName: try row.text("grantee_name")
                )
            }.sorted { ($0.role, $0.granteeName) < ($1.role, $1.granteeName) }
        }
    }

    public func accessGrants(userID: UserID) async throws -> AccessGrants {
        try await database.read { db in
            var grants = AccessGrants()
            for row in try await db.rows("SELECT team_id FROM team_members WHERE user_id = \(userID)") {
                grants.teams.insert(try row.int64("team_id"))
            }
            let rows = try await db.rows(
                """
                SELECT id, service_id, role FROM service_roles
                WHERE user_id = \(userID) OR team_id IN (SELECT team_id FROM team_members WHERE user_id = \(userID))
                """
            )
            for row in rows {
                grants.roles[try row.uuid("service_id"), default: []].insert(try StoredValue.role(try row.text("role"), row: try row.int64("id")))
            }
            let owned = try await db.rows(
                "SELECT rota_id FROM rota_owners WHERE user_id = \(userID) OR team_id IN (SELECT team_id FROM team_members WHERE user_id = \(userID))"
            )
            grants.rotas = Set(try owned.map { try $0.int64("rota_id") })
            return grants
        }
    }

    public func roleHolders(serviceID: UUID, roles: Set<ServiceRole>) async throws -> [UserID: String] {
        try await database.read { db in
            let found = try await db.rows(
                """
                SELECT DISTINCT u.id, u.username FROM service_roles r
                LEFT JOIN team_members m ON m.team_id = r.team_id
                JOIN users u ON u.id = coalesce(r.user_id, m.user_id)
                WHERE r.service_id = \(serviceID) AND r.role IN (SELECT value FROM json_each(\(jsonArray: roles.map(\.rawValue)))) AND u.is_active
                """
            )
            return Dictionary(try found.map { (try $0.int64("id"), try $0.text("username")) }, uniquingKeysWith: { first, _ in first })
        }
    }

    static func team(from row: SQLiteRow) throws -> Team {
        let id = try row.int64("id")
        return Team(
            id: id, name: try row.text("name"),
            source: try StoredValue.teamSource(kind: try row.text("source_kind"), reference: try row.optionalText("source_ref"), row: id),
            createdAt: try row.date("created_at")
        )
    }
}

extension SQLiteStore {
    public func setTeamMembers(teamID: TeamID, userIDs: Set<UserID>, at now: Date) async throws {
        let ids = Array(userIDs)
        try await database.transaction { db in
            try await db.execute("DELETE FROM team_members WHERE team_id = \(teamID) AND user_id NOT IN (SELECT value FROM json_each(\(jsonArray: ids)))")
            try await db.execute(
                """
                INSERT INTO team_members (team_id, user_id, added_at)
                SELECT t.id, u.id, \(now) FROM teams t, users u WHERE t.id = \(teamID) AND u.id IN (SELECT value FROM json_each(\(jsonArray: ids)))
                ON CONFLICT DO NOTHING
                """
            )
        }
    }

    public func setMemberships(userID: UserID, kind: String, teamIDs: Set<TeamID>, at now: Date) async throws {
        let ids = Array(teamIDs)
        try await database.transaction { db in
            try await db.execute(
                """
                DELETE FROM team_members WHERE user_id = \(userID) AND team_id NOT IN (SELECT value FROM json_each(\(jsonArray: ids)))
                  AND team_id IN (SELECT id FROM teams WHERE source_kind = \(kind))
                """
            )
            try await db.execute(
                """
                INSERT INTO team_members (team_id, user_id, added_at)
                SELECT t.id, u.id, \(now) FROM teams t, users u
                WHERE t.id IN (SELECT value FROM json_each(\(jsonArray: ids))) AND t.source_kind = \(kind) AND u.id = \(userID)
                ON CONFLICT DO NOTHING
                """
            )
        }
    }
}

extension SQLiteStore {
    public func setTeamSubscription(serviceID: UUID, teamID: TeamID, mandatory: Bool?, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.first("SELECT 1 AS found FROM services s, teams t WHERE s.id = \(serviceID) AND t.id = \(teamID)") != nil else { return false }
            if let mandatory {
                try await db.execute(
                    """
                    INSERT INTO team_subscriptions (service_id, team_id, mandatory, created_at) VALUES (\(serviceID), \(teamID), \(mandatory), \(now))
                    ON CONFLICT (service_id, team_id) DO UPDATE SET mandatory = excluded.mandatory
                    """
                )
            } else {
                try await db.execute("DELETE FROM team_subscriptions WHERE service_id = \(serviceID) AND team_id = \(teamID)")
            }
            return true
        }
    }

    public func teamSubscriptions(serviceID: UUID) async throws -> [TeamSubscription] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT ts.service_id, ts.team_id, t.name, ts.mandatory FROM team_subscriptions ts JOIN teams t ON t.id = ts.team_id
                WHERE ts.service_id = \(serviceID) ORDER BY t.name
                """
            ).map(Self.teamSubscription(from:))
        }
    }

    public func teamSubscriptions(userID: UserID) async throws -> [TeamSubscription] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT ts.service_id, ts.team_id, t.name, ts.mandatory FROM team_subscriptions ts JOIN teams t ON t.id = ts.team_id
                WHERE ts.team_id IN (SELECT team_id FROM team_members WHERE user_id = \(userID)) ORDER BY t.name
                """
            ).map(Self.teamSubscription(from:))
        }
    }

    static func teamSubscription(from row: SQLiteRow) throws -> TeamSubscription {
        TeamSubscription(
            serviceID: try row.uuid("service_id"), teamID: try row.int64("team_id"), teamName: try row.text("name"), mandatory: try row.bool("mandatory")
        )
    }
}

extension SQLiteStore {
    public func grantRotaOwner(rotaID: Int64, to grantee: Grantee, at now: Date) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        return try await database.transaction { db in
            guard try await db.first(
                """
                SELECT 1 AS found FROM rotas WHERE id = \(rotaID)
                  AND (\(userID) IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = \(userID)))
                  AND (\(teamID) IS NULL OR EXISTS (SELECT 1 FROM teams WHERE id = \(teamID)))
                """
            ) != nil else { return false }
            try await db.execute(
                "INSERT INTO rota_owners (rota_id, user_id, team_id, granted_at) VALUES (\(rotaID), \(userID), \(teamID), \(now)) ON CONFLICT DO NOTHING"
            )
            return true
        }
    }

    public func revokeRotaOwner(rotaID: Int64, from grantee: Grantee) async throws -> Bool {
        let (userID, teamID) = grantee.columns
        return try await database.transaction { db in
            try await db.first("DELETE FROM rota_owners WHERE rota_id = \(rotaID) AND user_id IS \(userID) AND team_id IS \(teamID) RETURNING id") != nil
        }
    }

    public func rotaOwners(rotaID: Int64) async throws -> [RotaOwner] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT o.user_id, o.team_id, coalesce(u.username, t.name) AS grantee_name
                FROM rota_owners o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN teams t ON t.id = o.team_id
                WHERE o.rota_id = \(rotaID) ORDER BY o.id
                """
            ).map { row in
                RotaOwner(
                    rotaID: rotaID, grantee: try row.optionalInt64("user_id").map(Grantee.user) ?? .team(try row.int64("team_id")),
                    granteeName: try row.text("grantee_name")
                )
            }
        }
    }
}

extension SQLiteStore {
    public func pageService(of target: PageTarget) async throws -> UUID? {
        let (teamID, rotaID) = target.columns
        return try await database.read { db in
            try await db.first("SELECT service_id FROM page_services WHERE team_id = \(teamID) OR rota_id = \(rotaID)")?.uuid("service_id")
        }
    }

    public func linkPageService(_ serviceID: UUID, to target: PageTarget) async throws -> UUID? {
        let (teamID, rotaID) = target.columns
        return try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO page_services (service_id, team_id, rota_id)
                SELECT \(serviceID), \(teamID), \(rotaID)
                WHERE EXISTS (SELECT 1 FROM teams WHERE id = \(teamID)) OR EXISTS (SELECT 1 FROM rotas WHERE id = \(rotaID))
                ON CONFLICT DO NOTHING
                """
            )
            return try await db.first("SELECT service_id FROM page_services WHERE team_id = \(teamID) OR rota_id = \(rotaID)")?.uuid("service_id")
        }
    }
    public func pageServices() async throws -> [PageTarget: UUID] {
        try await database.read { db in
            var links: [PageTarget: UUID] = [:]
            for row in try await db.rows("SELECT service_id, team_id, rota_id FROM page_services") {
                let service = try row.uuid("service_id")
                if let team = try row.optionalInt64("team_id") {
                    links[.team(team)] = service
                } else if let rota = try row.optionalInt64("rota_id") {
                    links[.rota(rota)] = service
                }
            }
            return links
        }
    }

    public func isPageService(_ serviceID: UUID) async throws -> Bool {
        try await database.read { db in
            try await db.first(
                """
                SELECT 1 AS found FROM page_services WHERE service_id = \(serviceID)
                UNION ALL SELECT 1 AS found FROM settings WHERE name = \(ShiftNotice.serviceSetting) AND lower(value) = lower(\(serviceID.uuidString))
                LIMIT 1
                """
            ) != nil
        }
    }
}
