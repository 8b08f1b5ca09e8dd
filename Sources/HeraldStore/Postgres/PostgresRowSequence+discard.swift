import PostgresNIO

extension PostgresRowSequence {
    /// Reads a statement's result to its end without keeping it, so errors
    /// raised while the server streams rows still reach the caller.
    func discard() async throws {
        for try await _ in self {}
    }
}

extension AsyncSequence {
    /// Every element, in order.
    func all() async throws -> [Element] {
        var elements: [Element] = []
        for try await element in self { elements.append(element) }
        return elements
    }
}
