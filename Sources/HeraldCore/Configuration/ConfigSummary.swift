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
            ("streams", "\(streamsPerUser) per user, \(streamsTotal) in all, each ended after \(streamMaxSeconds) s"),
            ("delivery worker in serve", delivery.runsInServer ? "on" : "off"),
            ("APNs", delivery.apns.map { "key \($0.keyID), team \($0.teamID), topic \($0.topic), \($0.baseURL), signing key (set, hidden)" } ?? "(not configured)"),
            ("FCM", delivery.fcm.map { "project \($0.projectID), \($0.baseURL), service account (set, hidden)" } ?? "(not configured)"),
            ("publish limits", Self.rate(limits.publishPerSecond, limits.publishBurst, "per service") + "; " + Self.rate(limits.senderPerSecond, limits.senderBurst, "per sending address")),
            ("publishing", "up to \(publishBatchLimit) posts per transaction; audiences above \(fanoutInlineSubscribers) subscribers expanded after the answer, \(fanoutChunkSubscribers) per chunk"),
            ("user limits", "\(limits.devicesPerUser) devices, " + (limits.userChangesPerMinute == 0 ? "changes not limited" : "\(limits.userChangesPerMinute) changes per minute (devices, subscriptions, filters, bookmarks)")),
            ("service limits", "\(limits.filtersPerService) distinct filters, \(limits.scheduledPerService) held and \(limits.recurringPerService) recurring notifications"),
            ("outbound", (outbound.policy.allowedNetworks.isEmpty ? "public addresses only" : "public addresses and \(list(outbound.policy.allowedNetworks.map { "\($0)" }))")
                + "; Web Push to the browsers' push services" + (outbound.webPushHosts.isEmpty ? "" : " and \(list(outbound.webPushHosts))")),
            ("sign-in limits", "answers within \(auth.loginTimeoutSeconds.formatted()) s; web sessions last \(webSessionHours) h"
                + (auth.linkedMethods.isEmpty ? "" : "; linked methods \(list(auth.linkedMethods.map(\.rawValue).sorted()))")),
            ("HTTP", "idle timeout \(limits.httpIdleTimeoutSeconds) s, at most \(limits.httpMaxConnections) connections"),
            ("METRICS_TOKEN", metricsToken == nil ? "(not set: /metrics is open)" : "(set, hidden)"),
            ("delivery", "concurrency \(delivery.concurrency), batch \(delivery.batchSize), \(delivery.connectionsPerProvider) connections per provider, lease \(Int(delivery.leaseSeconds)) s"),
            ("fan-out pace", delivery.fanoutRates.isEmpty ? "(as fast as the workers go)"
                : delivery.fanoutRates.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \(Int($0.value))/s" }.joined(separator: ", ")),
        ]
        if let ldap = auth.ldap {
            lines.append(("LDAP", "\(ldap.url)\(ldap.startTLS ? " (StartTLS)" : ""), users under \(ldap.usersBase), bind password \(secret(ldap.bindPassword))"))
        }
        if let url = auth.authenticationURL { lines.append(("AUTHENTICATION_URL", Self.redacted(url: url))) }
        if let oidc = auth.oidc {
            lines.append(("OpenID Connect", "\(Self.redacted(url: oidc.discoveryURL ?? oidc.realmsBaseURL ?? "(realms)")), client \(oidc.clientID), secret \(secret(oidc.clientSecret))"))
        }
        switch contacts.sms {
        case .twilio(let twilio)?:
            lines.append(("SMS", "Twilio at \(Self.redacted(url: twilio.baseURL)), account \(twilio.accountSID), auth token \(secret(twilio.authToken)), from \(twilio.from)"))
        case .gammu(let gammu)?:
            lines.append(("SMS", "Gammu SMSD's spool \(gammu.spool), read every \(gammu.pollSeconds) s"))
        case .elks(let elks)?:
            lines.append(("SMS", "46elks at \(Self.redacted(url: elks.baseURL)) as \(elks.username), password \(secret(elks.password)), from \(elks.from)"))
        case .http(let gateway)?:
            lines.append(("SMS", "\(gateway.method) \(Self.redacted(url: gateway.origin)), authorization \(secret(gateway.authorization))"))
        case nil:
            lines.append(("SMS", "(off)"))
        }
        lines.append(("SMS replies webhook", contacts.inboundSecret == nil ? "(off)" : "/api/v2/channels/inbound/sms, secret (set, hidden)"))
        if let voice = contacts.voice {
            lines.append(("Calls", "Twilio at \(Self.redacted(url: voice.baseURL)), account \(voice.accountSID), from \(voice.from)"))
        }
        if let smtp = contacts.smtp {
            lines.append(("SMTP", "\(Self.redacted(url: smtp.url)) as \(smtp.username ?? "(no login)"), password \(secret(smtp.password)), from \(smtp.from)"))
        }
        if let ntfy = contacts.ntfy {
            lines.append(("ntfy", "\(Self.redacted(url: ntfy.baseURL)), token \(secret(ntfy.token))"))
        }
        if let pushover = contacts.pushover {
            lines.append((
                "Pushover", "\(Self.redacted(url: pushover.baseURL)), token \(secret(pushover.token)), emergencies every \(pushover.retrySeconds) s for \(pushover.expireSeconds) s"
            ))
        }
        if let matrix = contacts.matrix {
            lines.append(("Matrix", "\(Self.redacted(url: matrix.baseURL)), bot token \(secret(matrix.token)), reactions read every \(matrix.pollSeconds) s"))
        }
        if let kafka {
            lines.append(("Kafka", "\(kafka.brokers), topics \(list(kafka.topics)), group \(kafka.groupID), bridge in serve \(kafka.runsInServer ? "on" : "off")"))
        }
        return lines
    }

    /// A URL without what may be a secret: a user name and password, and
    /// the query (a token some services take there); only where it goes.
    static func redacted(url text: String) -> String {
        guard var components = URLComponents(string: text), components.host != nil else { return "(set, hidden: not a URL)" }
        let hidden = components.user != nil || components.password != nil || components.query != nil || components.fragment != nil
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return (components.string ?? "(set)") + (hidden ? " (credentials and query hidden)" : "")
    }

    static func rate(_ perSecond: Double, _ burst: Int, _ scope: String) -> String {
        perSecond == 0 ? "none \(scope)" : "\(perSecond.formatted())/s burst \(burst) \(scope)"
    }

    /// What an operator should hear at start: settings that are valid but
    /// probably not what was meant.
    public func warnings() -> [String] {
        var warnings: [String] = []
        let loopback: Set<String> = ["127.0.0.1", "::1", "localhost"]
        if allowedNetworks.isEmpty, !loopback.contains(httpHost), !httpHost.hasPrefix("127.") {
            warnings.append("ALLOWED_NETWORKS is empty and Herald listens on \(httpHost): anyone who reaches it may post notifications without a token")
        }
        for proxy in trustedProxies where allowedNetworks.contains(where: { $0.contains(proxy.address) }) {
            warnings.append("trusted proxy \(proxy) lies inside ALLOWED_NETWORKS: check that it forwards X-Forwarded-For, since requests it sends without one are refused")
        }
        return warnings
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
