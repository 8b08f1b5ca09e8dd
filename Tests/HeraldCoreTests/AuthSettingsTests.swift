import Foundation
import HeraldCore
import Testing

@Suite("Sign-in settings")
struct AuthSettingsTests {
    @Test func theOldServersLDAPVariablesAndDefaults() throws {
        let config = try HeraldConfig(environment: ["AUTHENTICATION_METHOD": "ldap", "LDAP_HOST": "ldap.example.org", "LDAP_USER_DN": "ou=Users"])
        let ldap = try #require(config.auth.ldap)
        #expect(config.auth.method == .ldap)
        #expect(ldap.url == "ldaps://ldap.example.org:636", "the old server's defaults: SSL on 636")
        #expect(ldap.usersBase == "ou=Users,DC=esss,DC=lu,DC=se")
        #expect(ldap.userRDNAttribute == "uid")
        let plain = try HeraldConfig(environment: ["AUTHENTICATION_METHOD": "LDAP", "LDAP_HOST": "::1", "LDAP_USE_SSL": "false", "LDAP_START_TLS": "true"])
        #expect(plain.auth.ldap?.url == "ldap://[::1]:389" && plain.auth.ldap?.startTLS == true)
    }

    @Test func badSignInSettingsNameTheVariable() {
        let cases: [([String: String], String)] = [
            (["AUTHENTICATION_METHOD": "kerberos"], "AUTHENTICATION_METHOD"),
            (["AUTHENTICATION_METHOD": "ldap"], "LDAP_HOST"),
            (["AUTHENTICATION_METHOD": "ldap", "LDAP_HOST": "h", "LDAP_START_TLS": "true"], "LDAP_START_TLS"),
            (["AUTHENTICATION_METHOD": "ldap", "LDAP_HOST": "h", "LDAP_BIND_DN": "cn=x"], "LDAP_BIND_PASSWORD"),
            (["AUTHENTICATION_METHOD": "url"], "AUTHENTICATION_URL"),
            (["AUTHENTICATION_METHOD": "url", "AUTHENTICATION_URL": "ftp://x"], "AUTHENTICATION_URL"),
            (["OIDC_ENABLED": "true"], "OIDC_CLIENT_ID"),
            (["OIDC_ENABLED": "true", "OIDC_CLIENT_ID": "c"], "OIDC_SERVER_URL"),
            (["OIDC_ENABLED": "maybe"], "OIDC_ENABLED"),
            (["OIDC_ENABLED": "1", "OIDC_CLIENT_ID": "c", "OIDC_BASE_URL": "https://k", "OIDC_REALM_MAPPING": "real"], "OIDC_REALM_MAPPING"),
            (["LOGIN_THREADS": "0"], "LOGIN_THREADS"),
        ]
        for (environment, variable) in cases {
            #expect(throws: ConfigurationError.self, "\(environment)") { try HeraldConfig(environment: environment) }
            do {
                _ = try HeraldConfig(environment: environment)
            } catch let error as ConfigurationError {
                #expect(error.variable == variable, "\(environment)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func oidcRealmsAndTheDemoAccount() throws {
        let config = try HeraldConfig(environment: [
            "OIDC_ENABLED": "true", "OIDC_CLIENT_ID": "notify", "OIDC_BASE_URL": "https://keycloak.example.org/", "OIDC_DEFAULT_REALM": "ess",
            "OIDC_REALM_MAPPING": "real:ess, Demo:ess-demo", "DEMO_ACCOUNT_PASSWORD": "review", "PUBLIC_URL": "https://herald.example.org/",
        ])
        let oidc = try #require(config.auth.oidc)
        #expect(oidc.realmsBaseURL == "https://keycloak.example.org" && config.publicURL == "https://herald.example.org")
        #expect(oidc.realmMapping == ["real": "ess", "demo": "ess-demo"])
        #expect(oidc.usernameClaim == "preferred_username" && oidc.scope == "openid profile")
        #expect(config.auth.demo?.password == "review" && config.auth.demo?.service == "demo")
        #expect(try HeraldConfig(environment: ["DEMO_ACCOUNT_PASSWORD": "x", "DEMO_ACCOUNT_ENABLED": "false"]).auth.demo == nil)
        #expect(try HeraldConfig(environment: [:]).auth.method == .local)
    }
}
