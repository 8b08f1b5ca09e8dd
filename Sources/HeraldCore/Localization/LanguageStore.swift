import Foundation

/// Each person's chosen language (none: their browser's).
public protocol LanguageStore: Sendable {
    func language(of userID: UserID) async throws -> Language?
    /// Nil forgets the choice.
    func setLanguage(_ language: Language?, of userID: UserID, at: Date) async throws
}
