extension Catalog {
    /// (filled in issue 43)
    static let messages: [String: Words] = [:]
}
