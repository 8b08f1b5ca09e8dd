import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: LanguageStore {
    public func language(of userID: UserID) async throws -> Language? {
        try await database.read { db in
            try await db.first("SELECT language FROM user_languages WHERE user_id = \(userID)").flatMap { Language(rawValue: try $0.text("language")) }
        }
    }

    public func languages(of userIDs: [UserID]) async throws -> [UserID: Language] {
        guard !userIDs.isEmpty else { return [:] }
        return try await database.read { db in
            try await db.rows("SELECT user_id, language FROM user_languages WHERE user_id IN (SELECT value FROM json_each(\(jsonArray: Array(Set(userIDs)))))")
                .reduce(into: [:]) { out, row in out[try row.int64("user_id")] = Language(rawValue: try row.text("language")) }
        }
    }

    public func setLanguage(_ language: Language?, of userID: UserID, at: Date) async throws {
        try await database.transaction { db in
            guard let language else { return try await db.execute("DELETE FROM user_languages WHERE user_id = \(userID)") }
            try await db.execute(
                """
                INSERT INTO user_languages (user_id, language, changed_at)
                SELECT id, \(language.rawValue), \(at) FROM users WHERE id = \(userID)
                ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, changed_at = excluded.changed_at
                """
            )
        }
    }
}
