import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: RotaStore {
    public func createRota(_ definition: RotaDefinition, feedSecretHash: String, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let id = try await database.transaction { db -> Int64? in
            guard let row = try await db.first(
                """
                INSERT INTO rotas (name, rotation_unit, rotation_length, time_zone, starts_at, feed_secret_hash, created_at, updated_at)
                VALUES (\(definition.name), \(unit), \(length), \(definition.zone.name), \(definition.start), \(feedSecretHash), \(now), \(now))
                ON CONFLICT (name) DO NOTHING RETURNING id
                """
            ) else { return nil }
            let id = try row.int64("id")
            try await Self.insertMembers(definition.members, rotaID: id, in: db)
            return id
        }
        guard let id else { return nil }
        return try await rota(id: id)
    }

    private static func insertMembers(_ members: [UserID], rotaID: Int64, in db: SQLiteExecutor) async throws {
        for (position, userID) in members.enumerated() {
            try await db.execute("INSERT INTO rota_members (rota_id, position, user_id) VALUES (\(rotaID), \(position + 1), \(userID))")
        }
    }

    public func updateRota(id: Int64, _ definition: RotaDefinition, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let updated = try await database.transaction { db -> Bool in
            guard try await db.first("SELECT 1 AS taken FROM rotas WHERE name = \(definition.name) AND id <> \(id)") == nil else { throw RotaNameTaken() }
            guard try await db.first(
                """
                UPDATE rotas SET name = \(definition.name), rotation_unit = \(unit), rotation_length = \(length),
                    time_zone = \(definition.zone.name), starts_at = \(definition.start), updated_at = \(now)
                WHERE id = \(id) RETURNING id
                """
            ) != nil else { return false }
            try await db.execute("DELETE FROM rota_members WHERE rota_id = \(id)")
            try await Self.insertMembers(definition.members, rotaID: id, in: db)
            return true
        }
        return updated ? try await rota(id: id) : nil
    }

    public func deleteRota(id: Int64) async throws -> Bool {
        try await database.transaction { db in try await db.first("DELETE FROM rotas WHERE id = \(id) RETURNING id") != nil }
    }

    public func rotas() async throws -> [StoredRota] {
        try await loadRotas("SELECT \(Self.rotaColumns) FROM rotas ORDER BY name")
    }

    public func rota(id: Int64) async throws -> StoredRota? {
        try await loadRotas("SELECT \(Self.rotaColumns) FROM rotas WHERE id = \(id)").first
    }

    public func rota(feedSecretHash: String) async throws -> StoredRota? {
        try await loadRotas("SELECT \(Self.rotaColumns) FROM rotas WHERE feed_secret_hash = \(feedSecretHash)").first
    }

    public func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("UPDATE rotas SET feed_secret_hash = \(hash) WHERE id = \(rotaID) RETURNING id") != nil
        }
    }

    public func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at now: Date) async throws -> StoredRota.Override? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO rota_overrides (rota_id, user_id, starts_at, ends_at, created_at)
                SELECT id, \(userID), \(from), \(until), \(now) FROM rotas WHERE id = \(rotaID)
                RETURNING id
                """
            ).map { StoredRota.Override(id: try $0.int64("id"), userID: userID, from: from, until: until) }
        }
    }

    public func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM rota_overrides WHERE id = \(overrideID) AND rota_id = \(rotaID) RETURNING id") != nil
        }
    }

    public func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO calendar_secrets (user_id, secret_hash) SELECT id, \(hash) FROM users WHERE id = \(userID)
                ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash RETURNING user_id
                """
            ) != nil
        }
    }

    public func hasCalendarSecret(userID: UserID) async throws -> Bool {
        try await database.read { db in try await db.first("SELECT user_id FROM calendar_secrets WHERE user_id = \(userID)") != nil }
    }

    public func userID(calendarSecretHash: String) async throws -> UserID? {
        try await database.read { db in try await db.first("SELECT user_id FROM calendar_secrets WHERE secret_hash = \(calendarSecretHash)")?.int64("user_id") }
    }

    static let rotaColumns: SQLiteQuery = "id, name, rotation_unit, rotation_length, time_zone, starts_at"

    /// The rotas `query` selects with their members, overrides and names.
    private func loadRotas(_ query: SQLiteQuery) async throws -> [StoredRota] {
        try await database.read { db in
            var rotas: [StoredRota] = []
            for row in try await db.rows(query) {
                let id = try row.int64("id")
                guard let rotation = OnCallRota.Rotation(unit: try row.text("rotation_unit"), length: Int(try row.int64("rotation_length"))),
                    let zone = NamedTimeZone(try row.text("time_zone"))
                else { continue }
                let members = try await db.rows("SELECT user_id FROM rota_members WHERE rota_id = \(id) ORDER BY position").map { try $0.int64("user_id") }
                let overrides = try await db.rows("SELECT id, user_id, starts_at, ends_at FROM rota_overrides WHERE rota_id = \(id) ORDER BY id").map {
                    StoredRota.Override(id: try $0.int64("id"), userID: try $0.int64("user_id"), from: try $0.date("starts_at"), until: try $0.date("ends_at"))
                }
                let people = Array(Set(members + overrides.map(\.userID)))
                let names = try await db.rows("SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(\(jsonArray: people)))")
                    .map { (try $0.int64("id"), try $0.text("username")) }
                rotas.append(
                    StoredRota(
                        id: id, name: try row.text("name"), members: members, rotation: rotation, zone: zone, start: try row.date("starts_at"),
                        overrides: overrides, names: Dictionary(names, uniquingKeysWith: { first, _ in first })
                    )
                )
            }
            return rotas
        }
    }
}
