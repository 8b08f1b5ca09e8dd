import Foundation
import Logging

extension HeraldConfig {
    /// The effective configuration as (setting, value) lines for `herald
    /// config check`: defaults filled in, secrets shown only as set or not
    /// (never their value or length), passwords taken out of URLs.
    public func summary() -> [(String, String)] {
        func secret(_ value: String?) -> String { value.map { $0.isEmpty ? "(empty)" : "(set, hidden)" } ?? "(not set)" }
        func list(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.joined(separator: ", ") }
        var lines: [(String, String)] = [
            ("database", Self.describe(database)),
            ("listen", "\(httpHost):\(httpPort)"),
            ("public URL", publicURL ?? "(not set)"),
            ("SECRET_KEY", secretKey == nil ? "(not set: generated once and kept in the database)" : "(set, hidden)"),
            ("JWT_ALGORITHM", jwtAlgorithm.rawValue),
            ("JWT_PRIVATE_KEY", secret(jwtPrivateKeyPEM)),
            ("token lifetime", "\(accessTokenExpireMinutes) minutes"),
            ("admins at first login", list(adminUsers.sorted())),
            ("allowed networks", allowedNetworks.isEmpty ? "(everyone)" : list(allowedNetworks.map { "\($0)" })),
            ("trusted proxies", list(trustedProxies.map { "\($0)" })),
            ("sign-in", auth.method.rawValue + (auth.oidc != nil ? " + OpenID Connect" : "") + (auth.demo != nil ? " + demo account" : "")),
            ("log", "\(logLevel.rawValue), \(logFormat.rawValue)"),
            ("shutdown grace", "\(shutdownGraceSeconds) s"),
            ("streams", "\(streamsPerUser) per user, \(streamsTotal) in all"),
            ("delivery worker in serve", delivery.runsInServer ? "on" : "off"),
            ("APNs", delivery.apns.map { "key \($0.keyID), team \($0.teamID), topic \($0.topic), \($0.baseURL), signing key (set, hidden)" } ?? "(not configured)"),
            ("FCM", delivery.fcm.map { "project \($0.projectID), \($0.baseURL), service account (set, hidden)" } ?? "(not configured)"),
            ("delivery", "concurrency \(delivery.concurrency), batch \(delivery.batchSize), \(delivery.connectionsPerProvider) connections per provider, lease \(Int(delivery.leaseSeconds)) s"),
        ]
        if let ldap = auth.ldap {
            lines.append(("LDAP", "\(ldap.url)\(ldap.startTLS ? " (StartTLS)" : ""), users under \(ldap.usersBase), bind password \(secret(ldap.bindPassword))"))
        }
        if let url = auth.authenticationURL { lines.append(("AUTHENTICATION_URL", url)) }
        if let oidc = auth.oidc {
            lines.append(("OpenID Connect", "\(oidc.discoveryURL ?? oidc.realmsBaseURL ?? "(realms)"), client \(oidc.clientID), secret \(secret(oidc.clientSecret))"))
        }
        if let kafka {
            lines.append(("Kafka", "\(kafka.brokers), topics \(list(kafka.topics)), group \(kafka.groupID), bridge in serve \(kafka.runsInServer ? "on" : "off")"))
        }
        return lines
    }

    /// A database location without its password.
    static func describe(_ location: DatabaseLocation) -> String {
        switch location {
        case .sqlite(let path): "SQLite file \(path)"
        case .postgres(let settings):
            "PostgreSQL \(settings.username)@\(settings.host):\(settings.port)/\(settings.database) (password \(settings.password == nil ? "not set" : "hidden"), TLS \(settings.tls.rawValue))"
        }
    }
}
