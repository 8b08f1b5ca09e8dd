import Foundation
import HeraldCore

/// The OpenLDAP directory `scripts/test` starts (scripts/lib/ldap.sh): users
/// alice, bob, carol (in cn=herald-admins), "anne,marie", and dave and
/// erin (only the team sync's tests change their groups) under
/// ou=people,dc=example,dc=org, and a search account cn=herald-reader.
public enum TestDirectory {
    public static let password = ["alice": "alice-directory-password", "bob": "bob-directory-password", "carol": "carol-directory-password", "anne,marie": "anne-directory-password", "dave": "dave-directory-password", "erin": "erin-directory-password"]
    public static let adminGroup = "cn=herald-admins,ou=groups,dc=example,dc=org"
    /// Groups for teams (issue 41): alice in cryo-experts, bob in
    /// rf-experts, and control-room holding cryo-experts (nested) and carol.
    public static let cryoGroup = "cn=cryo-experts,ou=groups,dc=example,dc=org"
    public static let rfGroup = "cn=rf-experts,ou=groups,dc=example,dc=org"
    public static let controlRoomGroup = "cn=control-room,ou=groups,dc=example,dc=org"

    /// Changes the test directory as its administrator (`ldapmodify`, LDIF on its input).
    public static func modify(_ ldif: String, adding: Bool = false) async throws {
        guard let url = ProcessInfo.processInfo.environment["HERALD_TEST_LDAP_URL"] else { throw TestSetupError("HERALD_TEST_LDAP_URL is not set") }
        let arguments = ["-x", "-H", url, "-D", "cn=admin,dc=example,dc=org", "-w", "test-admin-password"] + (adding ? ["-a"] : [])
        let run = try await runProgram("/usr/bin/ldapmodify", arguments, input: ldif, deadline: .seconds(30))
        guard run.status == 0 else { throw TestSetupError("ldapmodify failed: \(run.output)") }
    }

    public enum Security: Sendable, CaseIterable { case plain, ldaps, startTLS }

    /// Direct bind (the old server's way) unless `searchAccount`.
    public static func settings(_ security: Security = .plain, searchAccount: Bool = false) throws -> LDAPSettings {
        let variable = security == .ldaps ? "HERALD_TEST_LDAPS_URL" : "HERALD_TEST_LDAP_URL"
        guard let raw = ProcessInfo.processInfo.environment[variable], let url = URL(string: raw), let host = url.host, let port = url.port else {
            throw TestSetupError("\(variable) is not set: run the tests with scripts/test, which starts slapd")
        }
        let ca = ProcessInfo.processInfo.environment["HERALD_TEST_LDAP_CA"]
        return LDAPSettings(
            host: host, port: port, useSSL: security == .ldaps, startTLS: security == .startTLS, caFile: security == .plain ? nil : ca,
            baseDN: "dc=example,dc=org", userDN: "ou=people", userRDNAttribute: "uid",
            bindDN: searchAccount ? "cn=herald-reader,dc=example,dc=org" : nil, bindPassword: searchAccount ? "reader-password" : nil,
            userFilter: searchAccount ? "(objectClass=inetOrgPerson)" : nil, timeoutSeconds: 2
        )
    }
}
