import HeraldCore
import Logging

/// The people of directory groups, read through the site's service
/// account (LDAP_BIND_DN) for the team sync (issue 41): each group's
/// members by user name, nested groups followed as the site asks. Runs on
/// the login pool; a directory that cannot be reached throws.
public struct LDAPGroupReader: Sendable {
    let settings: LDAPSettings
    let pool: BlockingPool

    public init(settings: LDAPSettings, pool: BlockingPool) {
        self.settings = settings
        self.pool = pool
    }

    /// Whether the site gave a service account to read groups with.
    public var canRead: Bool { settings.bindDN != nil }

    /// Each group's members (user names, lower-cased), by the DN asked for;
    /// a group the directory does not have has none.
    public func members(ofGroups groups: [String]) async throws -> [String: Set<String>] {
        let settings = self.settings
        return try await pool.run {
            let connection = try LDAPConnection(
                url: settings.url, timeoutSeconds: settings.timeoutSeconds, caFile: settings.caFile, additionalCAFile: settings.additionalCAFile,
                startTLS: settings.startTLS
            )
            if let bindDN = settings.bindDN {
                try LDAPConnection.check(connection.bind(dn: bindDN, password: settings.bindPassword ?? ""), "bind as \(bindDN)")
            }
            let reader = LDAPGroups(connection: connection, settings: settings)
            var members: [String: Set<String>] = [:]
            for group in groups { members[group] = try reader.members(ofGroup: group) }
            return members
        }
    }
}
