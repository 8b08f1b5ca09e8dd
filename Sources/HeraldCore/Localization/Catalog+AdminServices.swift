extension Catalog {
    /// (filled in issue 43)
    static let adminServicePages: [String: Words] = [:]
}
