import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: LanguageStore {
    public func language(of userID: UserID) async throws -> Language? {
        try await first("SELECT language FROM user_languages WHERE user_id = \(userID)", as: String.self).flatMap(Language.init(rawValue:))
    }

    public func languages(of userIDs: [UserID]) async throws -> [UserID: Language] {
        guard !userIDs.isEmpty else { return [:] }
        return try await rows("SELECT user_id, language FROM user_languages WHERE user_id = ANY(\(Array(Set(userIDs))))", as: (Int64, String).self)
            .reduce(into: [:]) { out, row in out[row.0] = Language(rawValue: row.1) }
    }

    public func setLanguage(_ language: Language?, of userID: UserID, at: Date) async throws {
        guard let language else { return try await execute("DELETE FROM user_languages WHERE user_id = \(userID)") }
        try await execute(
            """
            INSERT INTO user_languages (user_id, language, changed_at)
            SELECT id, \(language.rawValue), \(ExactTimestamp(at)) FROM users WHERE id = \(userID)
            ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, changed_at = excluded.changed_at
            """
        )
    }
}
