extension Catalog {
    /// (filled in issue 43)
    static let profilePages: [String: Words] = [:]
}
