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

@Suite("Limits and start-up warnings")
struct LimitSettingsTests {
    @Test func limitsAreReadWithTheirRanges() throws {
        let config = try HeraldConfig(environment: [
            "PUBLISH_RATE": "2.5", "PUBLISH_BURST": "10", "SENDER_RATE": "0", "DEVICES_PER_USER": "5", "HTTP_IDLE_TIMEOUT_SECONDS": "30",
            "HTTP_MAX_CONNECTIONS": "100", "USER_CHANGES_PER_MINUTE": "12", "DIGEST_WINDOW_SECONDS": "30", "METRICS_TOKEN": "metrics-token-1",
        ])
        #expect(config.limits == LimitSettings(
            publishPerSecond: 2.5, publishBurst: 10, senderPerSecond: 0, senderBurst: 200, digestWindowSeconds: 30, userChangesPerMinute: 12,
            devicesPerUser: 5, httpIdleTimeoutSeconds: 30, httpMaxConnections: 100
        ))
        #expect(config.metricsToken == "metrics-token-1")
        let text = config.summary().map { "\($0.0) \($0.1)" }.joined(separator: "\n")
        #expect(text.contains("publish limits 2.5/s burst 10 per service; none per sending address"))
        #expect(text.contains("publishing up to 256 posts per transaction; audiences above 1000 subscribers expanded after the answer, 5000 per chunk"), "\(text)")
        #expect(!text.contains("metrics-token-1"))
        #expect(throws: ConfigurationError("PUBLISH_BURST", "expected a whole number in 1...1000000, got '0'")) {
            try HeraldConfig(environment: ["PUBLISH_BURST": "0"])
        }
        #expect(throws: ConfigurationError("PUBLISH_RATE", "expected a number in 0.0...1000000.0, got '-1'")) {
            try HeraldConfig(environment: ["PUBLISH_RATE": "-1"])
        }
        // A mapped IPv6 block shorter than the mapped prefix would have allowed all of IPv4.
        #expect(throws: ConfigurationError("ALLOWED_NETWORKS", "not an IP address or CIDR block: ::ffff:10.0.0.0/8")) {
            try HeraldConfig(environment: ["ALLOWED_NETWORKS": "::ffff:10.0.0.0/8"])
        }
    }

    @Test func riskySettingsAreWarnedAbout() throws {
        #expect(try HeraldConfig(environment: [:]).warnings() == [], "loopback with no allowlist is a developer's machine")
        let open = try HeraldConfig(environment: ["HTTP_HOST": "0.0.0.0"])
        #expect(open.warnings() == ["ALLOWED_NETWORKS is empty and Herald listens on 0.0.0.0: anyone who reaches it may post notifications without a token"])
        let proxyInside = try HeraldConfig(environment: ["HTTP_HOST": "::", "ALLOWED_NETWORKS": "10.0.0.0/8", "TRUSTED_PROXIES": "10.1.1.1, 192.0.2.1"])
        #expect(proxyInside.warnings() == [
            "trusted proxy 10.1.1.1/32 lies inside ALLOWED_NETWORKS: check that it forwards X-Forwarded-For, since requests it sends without one are refused"
        ])
    }
}
