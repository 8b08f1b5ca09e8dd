extension Catalog {
    /// (filled in issue 43)
    static let errors: [String: Words] = [:]
}
