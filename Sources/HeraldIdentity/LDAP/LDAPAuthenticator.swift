import HeraldCore
import Logging

/// `AUTHENTICATION_METHOD=ldap`: a simple bind to the site's directory as
/// the user, as the server Herald replaces did, with the DN built from
/// `LDAP_USER_RDN_ATTR`=name,`LDAP_USER_DN`,`LDAP_BASE_DN` (the name escaped
/// per RFC 4514); or, with `LDAP_BIND_DN`, a service account's search for
/// the user first (Active Directory). With `LDAP_ADMIN_GROUP`, the group's
/// members are admins. Binds run on the login pool with timeouts; a
/// directory that cannot be reached is `AuthenticationUnavailable` (503),
/// not a refusal, and an empty password is refused without asking.
public struct LDAPAuthenticator: PasswordAuthenticator {
    let settings: LDAPSettings
    let pool: BlockingPool
    let logger: Logger

    public init(settings: LDAPSettings, pool: BlockingPool, logger: Logger) throws {
        if let caFile = settings.caFile, !FileManagerCheck.isReadable(caFile) {
            throw ConfigurationError("LDAP_CA_FILE", "cannot read \(caFile)")
        }
        if let caFile = settings.additionalCAFile, !FileManagerCheck.isReadable(caFile) {
            throw ConfigurationError("CA_BUNDLE_FILE", "cannot read \(caFile)")
        }
        self.settings = settings
        self.pool = pool
        self.logger = logger
    }

    public func authenticate(username: String, password: String) async throws -> LoginCheck {
        guard !password.isEmpty else { return .refused }
        let settings = self.settings
        do {
            let checked = try await pool.run { try Self.check(username: username, password: password, settings: settings) }
            guard let checked else { return .refused }
            var login = VerifiedLogin(username: username, origin: .ldap, isAdmin: settings.adminGroup == nil ? nil : checked.isAdmin)
            login.groups = LoginGroups(kind: "ldap", names: checked.groups)
            if let said = checked.email {
                login.email = said
                login.saysEmail = true
            }
            return .accepted(login)
        } catch let error as LDAPError {
            logger.error("the directory could not check a login", metadata: ["user": "\(username)", "error": "\(error)"])
            throw AuthenticationUnavailable("the directory did not answer")
        }
    }

    /// Nil when the directory refuses the credentials; else whether the
    /// user is in the admin group (false without one), the groups they are
    /// in (issue 41: teams follow them) and their `mail` (issue 42: the
    /// first, or none), read as the user; `email` nil when it could not be
    /// read (an ACL that hides it): the login stands, saying nothing of it.
    static func check(username: String, password: String, settings: LDAPSettings) throws -> (isAdmin: Bool, groups: Set<String>, email: String??)? {
        let connection = try LDAPConnection(
            url: settings.url, timeoutSeconds: settings.timeoutSeconds, caFile: settings.caFile, additionalCAFile: settings.additionalCAFile,
            startTLS: settings.startTLS
        )
        let attribute = settings.userRDNAttribute
        let userDN: String
        if let bindDN = settings.bindDN {
            let code = connection.bind(dn: bindDN, password: settings.bindPassword ?? "")
            try LDAPConnection.check(code, "bind as \(bindDN)")
            let filter = "(&(\(attribute)=\(LDAPEscaping.filterValue(username)))\(settings.userFilter ?? ""))"
            let found = try connection.searchDNs(base: settings.usersBase, subtree: true, filter: filter)
            // None, or a name that is not unique: nobody to bind as.
            guard found.count == 1 else { return nil }
            userDN = found[0]
        } else {
            userDN = "\(attribute)=\(LDAPEscaping.dnValue(username)),\(settings.usersBase)"
        }
        let code = connection.bind(dn: userDN, password: password)
        if code == LDAPConnection.Code.invalidCredentials { return nil }
        try LDAPConnection.check(code, "bind")
        let groups = try LDAPGroups(connection: connection, settings: settings).groups(ofUserDN: userDN, username: username)
        let email: String?? = (try? connection.searchEntries(base: userDN, scope: 0, filter: "(objectClass=*)", attributes: ["mail"], limit: 1)).map {
            $0.first?.values("mail").first
        }
        guard let group = settings.adminGroup else { return (false, groups, email) }
        let member = LDAPEscaping.filterValue(userDN)
        let filter = "(|(member=\(member))(uniqueMember=\(member))(memberUid=\(LDAPEscaping.filterValue(username))))"
        return (try !connection.searchDNs(base: group, subtree: false, filter: filter).isEmpty, groups, email)
    }
}

import Foundation

enum FileManagerCheck {
    static func isReadable(_ path: String) -> Bool {
        FileManager.default.isReadableFile(atPath: path)
    }
}
