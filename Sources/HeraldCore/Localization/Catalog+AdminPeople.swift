extension Catalog {
    /// (filled in issue 43)
    static let adminPeoplePages: [String: Words] = [:]
}
