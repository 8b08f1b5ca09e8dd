import Foundation
import HeraldCore
import Testing

/// The pure rules behind issue 23: where outbound requests may go, which
/// push services a subscription may name, and which account a login reaches.
@Suite("Trust rules")
struct TrustRulesTests {
    @Test func outboundRequestsGoToPublicAddressesOnly() {
        let policy = OutboundPolicy()
        for refused in [
            "127.0.0.1", "127.8.9.1", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
            "224.0.0.1", "255.255.255.255", "192.0.2.1", "::1", "::", "fe80::1", "fd12:3456::1", "fc00::1", "ff02::1", "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe", "2002:7f00:1::", "2001:db8::1",
        ] {
            #expect(policy.refusal(for: IPAddress(refused)!) != nil, "\(refused)")
        }
        for allowed in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2a00:1450:4001:80b::200a", "64:ff9b::808:808", "2002:808:808::"] {
            #expect(policy.refusal(for: IPAddress(allowed)!) == nil, "\(allowed)")
        }
        #expect(policy.refusal(for: IPAddress("169.254.169.254")!)?.contains("link-local") == true)
        #expect(policy.refusal(forHost: "localhost") != nil && policy.refusal(forHost: "LOCALHOST.") != nil && policy.refusal(forHost: "a.localhost") != nil)
        #expect(policy.refusal(forHost: "[::1]") != nil)
        #expect(policy.refusal(forHost: "feeds.example.org") == nil, "names are judged on what they resolve to")
        // A site allows the networks its feeds or directory live in.
        let site = OutboundPolicy(allowedNetworks: [IPNetwork("10.20.0.0/16")!, IPNetwork("::1")!])
        #expect(site.refusal(for: IPAddress("10.20.3.4")!) == nil)
        #expect(site.refusal(for: IPAddress("10.21.3.4")!) != nil)
        #expect(site.refusal(for: IPAddress("::1")!) == nil && site.refusal(for: IPAddress("127.0.0.1")!) != nil)
    }

    /// Issue 39: an IPv6 address that carries an IPv4 one is judged as that
    /// IPv4 address: IPv4-mapped however it was made, IPv4-translated, and
    /// NAT64's local-use prefix at each place a site may put the address.
    @Test func anIPv4AddressInsideIPv6IsJudgedAsItself() {
        let policy = OutboundPolicy()
        let mapped = IPAddress(bytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 169, 254, 169, 254])!
        #expect(mapped == IPAddress("169.254.169.254"), "folded, as a socket's ::ffff:a.b.c.d is")
        #expect(policy.refusal(for: mapped)?.contains("link-local") == true)
        for refused in [
            "::ffff:0:7f00:1", "::ffff:0:a9fe:a9fe", "::ffff:0:10.1.2.3",  // IPv4-translated (SIIT)
            "64:ff9b:1::7f00:1", "64:ff9b:1::a9fe:a9fe",  // local-use NAT64, a /96 prefix
            "64:ff9b:1:7f00:0:100::",  // a /48 prefix: 127.0.0.1 in bits 48 to 87
            "64:ff9b:1:abcd:a:0:100:0",  // a /64 prefix: 10.0.0.1 in bits 72 to 103
        ] {
            #expect(policy.refusal(for: IPAddress(refused)!) != nil, "\(refused)")
        }
        for allowed in ["::ffff:0:808:808", "64:ff9b:1::808:808", "64:ff9b:1:abcd::808:808"] {
            #expect(policy.refusal(for: IPAddress(allowed)!) == nil, "\(allowed)")
        }
        // An allowance for the IPv4 network holds for it inside IPv6 too.
        let site = OutboundPolicy(allowedNetworks: [IPNetwork("10.20.0.0/16")!])
        #expect(site.refusal(for: IPAddress("64:ff9b::10.20.3.4")!) == nil)
        #expect(site.refusal(for: IPAddress("64:ff9b::10.21.3.4")!)?.contains("10.21.3.4") == true)
    }

    @Test func webPushEndpointsAreTheBrowsersPushServices() {
        let endpoints = WebPushEndpoints()
        for allowed in [
            "https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/x", "https://web.push.apple.com/Q",
            "https://wns2-par02p.notify.windows.com/w/?token=x", "https://android.googleapis.com/gcm/send/y",
        ] {
            #expect(endpoints.refusal(for: URL(string: allowed)!) == nil, "\(allowed)")
        }
        for refused in [
            "http://fcm.googleapis.com/fcm/send/abc", "https://fcm.googleapis.com.evil.example/x", "https://evilfcm.googleapis.com.example/x",
            "https://127.0.0.1/x", "https://push.example.org/x",
        ] {
            #expect(endpoints.refusal(for: URL(string: refused)!) != nil, "\(refused)")
        }
        let site = WebPushEndpoints(extraHosts: ["Push.Example.org.", "localhost"])
        #expect(site.refusal(for: URL(string: "https://eu.push.example.org/x")!) == nil)
        #expect(site.refusal(for: URL(string: "https://localhost:8443/x")!) != nil, "a name added is still held to the outbound policy")
        let test = WebPushEndpoints(extraHosts: ["localhost"], outbound: OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
        #expect(test.refusal(for: URL(string: "https://localhost:8443/x")!) == nil)
    }

    static func user(_ name: String, _ origin: AccountOrigin) -> User {
        User(id: 1, username: name, isActive: true, isAdmin: false, origin: origin)
    }

    @Test func aLoginReachesOnlyItsOwnOriginsAccount() {
        let idp = "https://idp.example.org/realms/site"
        let oidc = AccountBinding.Login(username: "admin", origin: .oidc, identity: AccountIdentity(origin: .oidc, issuer: idp, subject: "s1"))
        let none = AccountBinding.Policy()
        typealias B = AccountBinding
        // Nobody has the name: made.
        #expect(B.decide(login: oidc, byIdentity: nil, byName: nil, identities: [], policy: none) == .create)
        // The subject's account, whatever its name now.
        let bound = Self.user("ann", .oidc)
        #expect(B.decide(login: oidc, byIdentity: bound, byName: nil, identities: [], policy: none) == .use(bound))
        // Another origin's account: refused, even when the site links methods (never a local one).
        for origin in [AccountOrigin.local, .ldap, .url, .demo] {
            guard case .refuse(let refusal) = B.decide(login: oidc, byIdentity: nil, byName: Self.user("admin", origin), identities: [], policy: none) else {
                Issue.record("\(origin) not refused")
                continue
            }
            #expect(refusal.accountOrigin == origin && refusal.loginOrigin == .oidc)
        }
        let linked = B.Policy(linkedMethods: [.ldap, .oidc, .local])
        #expect(linked.linkedMethods == [.ldap, .oidc], "local is never linked")
        let directory = Self.user("admin", .ldap)
        #expect(B.decide(login: oidc, byIdentity: nil, byName: directory, identities: [], policy: linked) == .bind(directory, oidc.identity!))
        var secondary = oidc
        secondary.isPrimary = false
        if case .refuse = B.decide(login: secondary, byIdentity: nil, byName: directory, identities: [], policy: linked) {} else {
            Issue.record("a secondary realm reached a directory account")
        }
        if case .refuse = B.decide(login: oidc, byIdentity: nil, byName: Self.user("admin", .local), identities: [], policy: linked) {} else {
            Issue.record("a local account was reached")
        }
        // Issue 39: a link without a subject (as links were once made)
        // binds nothing: the first login with the name would take the account.
        let waiting = [AccountIdentity(origin: .oidc, issuer: idp)]
        let local = Self.user("admin", .local)
        if case .refuse(let refusal) = B.decide(login: oidc, byIdentity: nil, byName: local, identities: waiting, policy: none) {
            #expect(refusal.why.contains("names no subject"))
        } else {
            Issue.record("a link without a subject was bound to the first login with the name")
        }
        let taken = [AccountIdentity(origin: .oidc, issuer: idp, subject: "s0")]
        if case .refuse = B.decide(login: oidc, byIdentity: nil, byName: local, identities: taken, policy: none) {} else { Issue.record("another subject took it") }
        // An OpenID account made before binding is bound by the primary provider only.
        let old = Self.user("admin", .oidc)
        #expect(B.decide(login: oidc, byIdentity: nil, byName: old, identities: [], policy: none) == .bind(old, oidc.identity!))
        if case .refuse = B.decide(login: secondary, byIdentity: nil, byName: old, identities: [], policy: none) {} else { Issue.record("a secondary realm bound it") }
        // A password checked on the account reaches it; a directory login needs the same origin or a link.
        #expect(B.decide(login: .init(username: "admin", origin: .local), byIdentity: nil, byName: directory, identities: [], policy: none) == .use(directory))
        let ldap = AccountBinding.Login(username: "admin", origin: .ldap)
        #expect(B.decide(login: ldap, byIdentity: nil, byName: directory, identities: [], policy: none) == .use(directory))
        if case .refuse = B.decide(login: ldap, byIdentity: nil, byName: local, identities: [], policy: none) {} else { Issue.record("a directory login took a local account") }
        #expect(B.decide(login: ldap, byIdentity: nil, byName: local, identities: [AccountIdentity(origin: .ldap)], policy: none) == .use(local))
    }

    @Test func configCheckHidesCredentialsInURLs() throws {
        let config = try HeraldConfig(environment: [
            "AUTHENTICATION_METHOD": "url", "AUTHENTICATION_URL": "https://svc:hunter2@auth.example.org/check?token=s3cret",
        ])
        let line = try #require(config.summary().first { $0.0 == "AUTHENTICATION_URL" }?.1)
        #expect(!line.contains("hunter2") && !line.contains("s3cret") && !line.contains("svc"), "\(line)")
        #expect(line.hasPrefix("https://auth.example.org/check"), "\(line)")
        let plain = try HeraldConfig(environment: ["AUTHENTICATION_METHOD": "url", "AUTHENTICATION_URL": "https://auth.example.org/check"])
        #expect(plain.summary().first { $0.0 == "AUTHENTICATION_URL" }?.1 == "https://auth.example.org/check")
    }

    @Test func theNewSettingsAreReadAndChecked() throws {
        let config = try HeraldConfig(environment: [
            "OUTBOUND_ALLOW_PRIVATE": "10.0.0.0/8, ::1", "WEBPUSH_ALLOWED_HOSTS": "push.example.org", "LINKED_SIGN_IN_METHODS": "ldap,oidc",
            "FILTERS_PER_SERVICE": "50", "SCHEDULED_PER_SERVICE": "20", "RECURRING_PER_SERVICE": "5", "WEB_SESSION_HOURS": "8", "LOGIN_TIMEOUT_SECONDS": "3",
            "LOGIN_ACCOUNT_FAILURES_PER_HOUR": "7",
        ])
        #expect(config.outbound.policy.allowedNetworks == [IPNetwork("10.0.0.0/8")!, IPNetwork("::1")!])
        #expect(config.outbound.webPushHosts == ["push.example.org"])
        #expect(config.auth.linkedMethods == [.ldap, .oidc])
        #expect(config.limits.filtersPerService == 50 && config.limits.scheduledPerService == 20 && config.limits.recurringPerService == 5)
        #expect(config.webSessionHours == 8 && config.auth.loginTimeoutSeconds == 3)
        #expect(config.auth.accountFailuresPerHour == 7)
        #expect(try HeraldConfig(environment: [:]).auth.accountFailuresPerHour == 20)
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["LOGIN_ACCOUNT_FAILURES_PER_HOUR": "0"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["LINKED_SIGN_IN_METHODS": "local,ldap"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["OUTBOUND_ALLOW_PRIVATE": "inside"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["WEBPUSH_ALLOWED_HOSTS": "https://x/y"]) }
    }

    /// SSL_CERT_FILE is trusted like CA_BUNDLE_FILE, except when it names
    /// the system's own bundle (as many images set it): those roots are
    /// trusted already, and parsing them again into every TLS context
    /// cost 4 MB of memory.
    @Test func sslCertFileAddsOnlyWhatTheSystemDoesNotTrust() throws {
        let system = try HeraldConfig(environment: ["SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt"])
        #expect(system.delivery.caBundlePEM == nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-ca-\(UUID().uuidString).pem")
        try Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let site = try HeraldConfig(environment: ["SSL_CERT_FILE": file.path])
        #expect(site.delivery.caBundlePEM?.contains("BEGIN CERTIFICATE") == true)
    }
}
