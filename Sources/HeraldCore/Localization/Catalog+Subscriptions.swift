extension Catalog {
    /// (filled in issue 43)
    static let subscriptionPages: [String: Words] = [:]
}
