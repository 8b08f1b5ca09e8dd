import HeraldCore
import Testing

@Suite("herald config check")
struct ConfigSummaryTests {
    @Test func theSummaryShowsSettingsButNoSecret() throws {
        let secrets = [
            "SECRET_KEY": "s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-0001",
            "DATABASE_URL": "postgres://herald:pg-pass-9876@db.example.org:5433/herald?sslmode=require",
            "LDAP_BIND_PASSWORD": "bind-pass-5555",
            "OIDC_CLIENT_SECRET": "client-secret-4444",
        ]
        var environment = secrets
        environment["AUTHENTICATION_METHOD"] = "ldap"
        environment["LDAP_HOST"] = "ldap.example.org"
        environment["LDAP_BASE_DN"] = "dc=example,dc=org"
        environment["LDAP_BIND_DN"] = "cn=reader,dc=example,dc=org"
        environment["LDAP_USER_FILTER"] = "(uid={username})"
        environment["OIDC_SERVER_URL"] = "https://id.example.org/.well-known/openid-configuration"
        environment["OIDC_CLIENT_ID"] = "herald"
        environment["OIDC_ENABLED"] = "true"
        environment["LOG_FORMAT"] = "json"
        let config = try HeraldConfig(environment: environment)
        let text = config.summary().map { "\($0.0) \($0.1)" }.joined(separator: "\n")
        for (name, value) in secrets where name != "DATABASE_URL" {
            #expect(!text.contains(value), "\(name) leaked")
        }
        #expect(!text.contains("pg-pass-9876"), "the database password leaked")
        #expect(text.contains("PostgreSQL herald@db.example.org:5433/herald"))
        #expect(text.contains("SECRET_KEY (set, hidden)"))
        #expect(text.contains("log info, json"))
        #expect(text.contains("LDAP ldaps://ldap.example.org:636"))
    }
}
