import Foundation
import HeraldCore

/// A person's language (issue 43): one Herald speaks, or none (their
/// browser's). The same rule for the profile page and any other way in.
public struct LanguageChoices: Sendable {
    let store: any LanguageStore
    let clock: WallClock

    public init(store: any LanguageStore, clock: WallClock) {
        self.store = store
        self.clock = clock
    }

    public func language(of user: User) async throws -> Language? {
        try await store.language(of: user.id)
    }

    /// `code` is `en`, `sv`, `de`, `fr`, or empty for the browser's.
    public func choose(_ code: String, for user: User) async throws {
        let code = code.trimmingCharacters(in: .whitespaces).lowercased()
        guard code.isEmpty || Language(rawValue: code) != nil else {
            throw UseCaseError.invalid(field: "language", "One of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), or none for the browser's")
        }
        try await store.setLanguage(Language(rawValue: code), of: user.id, at: clock.now())
    }
}
