import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: RotaStore {
    typealias RotaRow = (Int64, String, String, Int32, String, ExactTimestamp)

    public func createRota(_ definition: RotaDefinition, feedSecretHash: String, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let id = try await first(
            """
            WITH made AS (
                INSERT INTO rotas (name, rotation_unit, rotation_length, time_zone, starts_at, feed_secret_hash, created_at, updated_at)
                VALUES (\(definition.name), \(unit), \(Int32(length)), \(definition.zone.name), \(ExactTimestamp(definition.start)),
                    \(feedSecretHash), \(ExactTimestamp(now)), \(ExactTimestamp(now)))
                ON CONFLICT (name) DO NOTHING RETURNING id
            ),
            members AS (
                INSERT INTO rota_members (rota_id, position, user_id)
                SELECT made.id, m.position, m.user_id FROM made, unnest(\(definition.members)::int8[]) WITH ORDINALITY AS m(user_id, position)
            )
            SELECT id FROM made
            """,
            as: Int64.self
        )
        guard let id else { return nil }
        return try await rota(id: id)
    }

    public func updateRota(id: Int64, _ definition: RotaDefinition, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let updated: Bool = try await transaction { connection in
            let taken = try await connection.rows(
                "SELECT 1 FROM rotas WHERE name = \(definition.name) AND id <> \(id)", as: Int32.self, logger: logger
            )
            guard taken.isEmpty else { throw RotaNameTaken() }
            let changed = try await connection.rows(
                """
                UPDATE rotas SET name = \(definition.name), rotation_unit = \(unit), rotation_length = \(Int32(length)),
                    time_zone = \(definition.zone.name), starts_at = \(ExactTimestamp(definition.start)), updated_at = \(ExactTimestamp(now))
                WHERE id = \(id) RETURNING id
                """,
                as: Int64.self, logger: logger
            )
            guard !changed.isEmpty else { return false }
            try await connection.execute("DELETE FROM rota_members WHERE rota_id = \(id)", logger: logger)
            try await connection.execute(
                """
                INSERT INTO rota_members (rota_id, position, user_id)
                SELECT \(id), m.position, m.user_id FROM unnest(\(definition.members)::int8[]) WITH ORDINALITY AS m(user_id, position)
                """,
                logger: logger
            )
            return true
        }
        return updated ? try await rota(id: id) : nil
    }

    public func deleteRota(id: Int64) async throws -> Bool {
        try await first("DELETE FROM rotas WHERE id = \(id) RETURNING id", as: Int64.self) != nil
    }

    public func rotas() async throws -> [StoredRota] {
        try await loadRotas(try await rows("SELECT \(unescaped: Self.rotaColumns) FROM rotas ORDER BY name", as: RotaRow.self))
    }

    public func rota(id: Int64) async throws -> StoredRota? {
        try await loadRotas(try await rows("SELECT \(unescaped: Self.rotaColumns) FROM rotas WHERE id = \(id)", as: RotaRow.self)).first
    }

    public func rota(feedSecretHash: String) async throws -> StoredRota? {
        try await loadRotas(try await rows("SELECT \(unescaped: Self.rotaColumns) FROM rotas WHERE feed_secret_hash = \(feedSecretHash)", as: RotaRow.self)).first
    }

    public func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at now: Date) async throws -> StoredRota.Override? {
        try await first(
            """
            INSERT INTO rota_overrides (rota_id, user_id, starts_at, ends_at, created_at)
            SELECT id, \(userID), \(ExactTimestamp(from)), \(ExactTimestamp(until)), \(ExactTimestamp(now)) FROM rotas WHERE id = \(rotaID)
            RETURNING id
            """,
            as: Int64.self
        ).map { StoredRota.Override(id: $0, userID: userID, from: from, until: until) }
    }

    public func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool {
        try await first("DELETE FROM rota_overrides WHERE id = \(overrideID) AND rota_id = \(rotaID) RETURNING id", as: Int64.self) != nil
    }

    public func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool {
        try await first("UPDATE rotas SET feed_secret_hash = \(hash) WHERE id = \(rotaID) RETURNING id", as: Int64.self) != nil
    }

    public func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool {
        try await first(
            """
            INSERT INTO calendar_secrets (user_id, secret_hash) SELECT id, \(hash) FROM users WHERE id = \(userID)
            ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash RETURNING user_id
            """,
            as: Int64.self
        ) != nil
    }

    public func hasCalendarSecret(userID: UserID) async throws -> Bool {
        try await first("SELECT user_id FROM calendar_secrets WHERE user_id = \(userID)", as: Int64.self) != nil
    }

    public func userID(calendarSecretHash: String) async throws -> UserID? {
        try await first("SELECT user_id FROM calendar_secrets WHERE secret_hash = \(calendarSecretHash)", as: Int64.self)
    }

    static let rotaColumns = "id, name, rotation_unit, rotation_length, time_zone, starts_at"

    /// The rotas with their members, overrides and names (three lookups for any number of rotas).
    private func loadRotas(_ found: [RotaRow]) async throws -> [StoredRota] {
        guard !found.isEmpty else { return [] }
        let ids = found.map(\.0)
        let members = try await rows(
            "SELECT rota_id, user_id FROM rota_members WHERE rota_id = ANY(\(ids)) ORDER BY rota_id, position", as: (Int64, Int64).self
        )
        let overrides = try await rows(
            "SELECT rota_id, id, user_id, starts_at, ends_at FROM rota_overrides WHERE rota_id = ANY(\(ids)) ORDER BY id",
            as: (Int64, Int64, Int64, ExactTimestamp, ExactTimestamp).self
        )
        let people = Array(Set(members.map(\.1) + overrides.map(\.2)))
        let names = try await rows("SELECT id, username FROM users WHERE id = ANY(\(people))", as: (Int64, String).self)
        let nameOf = Dictionary(names, uniquingKeysWith: { first, _ in first })
        return found.compactMap { row in
            guard let rotation = OnCallRota.Rotation(unit: row.2, length: Int(row.3)), let zone = NamedTimeZone(row.4) else { return nil }
            return StoredRota(
                id: row.0, name: row.1, members: members.filter { $0.0 == row.0 }.map(\.1), rotation: rotation, zone: zone, start: row.5.date,
                overrides: overrides.filter { $0.0 == row.0 }.map { StoredRota.Override(id: $0.1, userID: $0.2, from: $0.3.date, until: $0.4.date) },
                names: nameOf
            )
        }
    }
}
