extension Catalog {
    /// (filled in issue 43)
    static let webPages: [String: Words] = [:]
}
