import Foundation

/// Each person's chosen language (none: their browser's).
public protocol LanguageStore: Sendable {
    func language(of userID: UserID) async throws -> Language?
    /// The choices of those of `userIDs` who made one (the texts Herald
    /// writes to several people at once).
    func languages(of userIDs: [UserID]) async throws -> [UserID: Language]
    /// Nil forgets the choice.
    func setLanguage(_ language: Language?, of userID: UserID, at: Date) async throws
}
