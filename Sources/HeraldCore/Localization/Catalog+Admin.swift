extension Catalog {
    /// (filled in issue 43)
    static let adminPages: [String: Words] = [:]
}
