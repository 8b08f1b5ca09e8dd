import Foundation

/// How people sign in. The names are the old server's, so a site keeps its
/// environment; Herald's default is `local` (its own accounts), since a fresh
/// install has no directory to ask.
public struct AuthSettings: Sendable {
    public enum Method: String, Sendable, CaseIterable {
        /// Herald's own accounts only.
        case local
        /// A bind to the site's directory as the user (OpenLDAP, Active Directory).
        case ldap
        /// A POST of the credentials to the site's authentication service.
        case url
    }

    public var method: Method
    public var ldap: LDAPSettings?
    /// `AUTHENTICATION_URL`, for `url`.
    public var authenticationURL: String?
    public var oidc: OIDCSettings?
    public var demo: DemoAccount?
    /// The one service confined accounts see (DEMO_ACCOUNT_SERVICE), whether
    /// or not the demo account is on: a secondary realm's accounts are
    /// confined to it too.
    public var confinedService = DemoAccount.defaultService
    /// Who is confined, and to what.
    public var confinement: Confinement { Confinement(service: demo?.service ?? confinedService, demoAccount: demo != nil) }
    /// Password checks (bcrypt, directory binds) run at once on threads of
    /// their own; by default half the cores, so a flood of logins leaves the
    /// rest to everyone else.
    public var loginThreads: Int
    /// Checks that may wait for a thread; more get 503 at once.
    public var loginQueue: Int
    /// Failed logins per client address, and per user name from one
    /// address, in a minute; then 429.
    public var failedLoginsPerMinute: Int
    /// Failed logins for one name from anywhere in an hour; then its
    /// password is checked at most once per pause (doubling to a minute),
    /// except from an address it signed in from lately.
    public var accountFailuresPerHour: Int
    /// Methods whose user names name the same people (`ldap`, `url`,
    /// `oidc`: the primary provider only), so that an account one made is
    /// reached by the others; empty: each keeps its own (see `AccountBinding`).
    public var linkedMethods: Set<AccountOrigin>
    /// The longest a login waits for its method (the directory, the
    /// authentication URL, the OpenID provider) before answering 503.
    public var loginTimeoutSeconds: Double

    /// How long the method itself is waited for: a quarter second less
    /// than LOGIN_TIMEOUT_SECONDS, so the 503 is written within it.
    public var methodWaitSeconds: Double { max(0.25, loginTimeoutSeconds - 0.25) }

    public init(
        method: Method = .local, ldap: LDAPSettings? = nil, authenticationURL: String? = nil, oidc: OIDCSettings? = nil, demo: DemoAccount? = nil,
        loginThreads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2), loginQueue: Int = 64, failedLoginsPerMinute: Int = 10,
        accountFailuresPerHour: Int = 20, linkedMethods: Set<AccountOrigin> = [], loginTimeoutSeconds: Double = 5
    ) {
        self.accountFailuresPerHour = accountFailuresPerHour
        self.linkedMethods = linkedMethods
        self.loginTimeoutSeconds = loginTimeoutSeconds
        self.method = method
        self.ldap = ldap
        self.authenticationURL = authenticationURL
        self.oidc = oidc
        self.demo = demo
        self.loginThreads = loginThreads
        self.loginQueue = loginQueue
        self.failedLoginsPerMinute = failedLoginsPerMinute
    }
}

/// The old server's app-store review account: user `demo` with this
/// password, who sees only one service.
public struct DemoAccount: Sendable {
    public static let username = "demo"
    /// DEMO_ACCOUNT_SERVICE's default.
    public static let defaultService = "demo"
    public var password: String
    /// The category (or id) of the one service the demo user sees.
    public var service: String

    public init(password: String, service: String = DemoAccount.defaultService) {
        self.password = password
        self.service = service
    }
}

/// The site's directory.
public struct LDAPSettings: Sendable {
    public var host: String
    public var port: Int
    /// `ldaps://` (the old server's default).
    public var useSSL: Bool
    /// StartTLS on a plain connection.
    public var startTLS: Bool
    /// PEM file of the CA that signed the directory's certificate
    /// (`LDAP_CA_FILE`): the only one trusted for the directory.
    public var caFile: String?
    /// PEM file trusted besides the system's roots (`CA_BUNDLE_FILE`, as
    /// every outbound TLS connection trusts it), when `caFile` is not set.
    public var additionalCAFile: String?
    public var baseDN: String
    /// Where users are below the base (`ou=people`); empty: the base itself.
    public var userDN: String
    /// The attribute the user name is (`uid`; `sAMAccountName` or `cn` on AD).
    public var userRDNAttribute: String
    /// Search-then-bind (Active Directory): a service account that looks the
    /// user up by `userRDNAttribute` (and `userFilter`), then a bind as the
    /// DN found. Without it, the DN is built from the name.
    public var bindDN: String?
    public var bindPassword: String?
    /// An extra filter ANDed into the search, e.g. `(objectClass=person)`.
    public var userFilter: String?
    /// Members of this group's DN are admins (checked at each login).
    public var adminGroup: String?
    /// Connect and operation timeout.
    public var timeoutSeconds: Double
    /// How often directory teams are read through the service account
    /// (TEAM_SYNC_MINUTES; 0: only at each login).
    public var teamSyncMinutes: Int = 15
    /// How a person's groups are found (issue 41: teams from the directory).
    public var groupMembership: GroupMembership = .search
    /// Whether groups inside groups count (LDAP_NESTED_GROUPS).
    public var nestedGroups: NestedGroups = .off
    /// Where groups are searched (LDAP_GROUP_BASE_DN); nil: the base DN.
    public var groupBase: String?

    /// How a person's groups are read (LDAP_GROUP_MEMBERSHIP).
    public enum GroupMembership: String, Sendable, CaseIterable {
        /// Groups found by a search for the person as `member`, `uniqueMember` or `memberUid`.
        case search
        /// The person's own `memberOf` attribute (Active Directory; OpenLDAP's memberof overlay).
        case memberOf = "memberof"
    }

    /// How groups inside groups are followed (LDAP_NESTED_GROUPS).
    public enum NestedGroups: String, Sendable, CaseIterable {
        /// Only direct members.
        case off
        /// Herald follows the groups a group holds, ten levels deep (any directory).
        case walk
        /// Active Directory's in-chain matching rule (1.2.840.113556.1.4.1941) answers in one search.
        case inChain = "in-chain"
    }

    /// Where groups are searched.
    public var groupsBase: String { groupBase ?? baseDN }

    public init(
        host: String, port: Int = 636, useSSL: Bool = true, startTLS: Bool = false, caFile: String? = nil, additionalCAFile: String? = nil,
        baseDN: String = "DC=esss,DC=lu,DC=se",
        userDN: String = "", userRDNAttribute: String = "uid", bindDN: String? = nil, bindPassword: String? = nil, userFilter: String? = nil,
        adminGroup: String? = nil, timeoutSeconds: Double = 5
    ) {
        self.host = host
        self.port = port
        self.useSSL = useSSL
        self.startTLS = startTLS
        self.caFile = caFile
        self.additionalCAFile = additionalCAFile
        self.baseDN = baseDN
        self.userDN = userDN
        self.userRDNAttribute = userRDNAttribute
        self.bindDN = bindDN
        self.bindPassword = bindPassword
        self.userFilter = userFilter
        self.adminGroup = adminGroup
        self.timeoutSeconds = timeoutSeconds
    }

    /// Where users are: `userDN,baseDN`, or the base alone.
    public var usersBase: String { userDN.isEmpty ? baseDN : "\(userDN),\(baseDN)" }

    public var url: String { "\(useSSL ? "ldaps" : "ldap")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}

/// OpenID Connect: one provider (`OIDC_SERVER_URL`, the discovery document),
/// and, as the old server's newest version serves them, Keycloak realms
/// under `OIDC_BASE_URL` chosen by the app's realm type.
public struct OIDCSettings: Sendable {
    /// The discovery document of the single provider.
    public var discoveryURL: String?
    public var clientID: String
    public var clientSecret: String?
    public var scope: String
    /// The ID token claim (or userinfo field) that is the user name.
    public var usernameClaim: String
    /// Keycloak's base URL: realm `r` is discovered at `{base}/realms/{r}`.
    public var realmsBaseURL: String?
    public var defaultRealm: String?
    /// Realm type (`real`, `demo`) → realm name.
    public var realmMapping: [String: String]
    /// What the web app's button says: "Sign in with <name>".
    public var providerName: String
    /// Where a login's groups are in its ID token (OIDC_GROUPS_CLAIM: a
    /// claim such as `groups`, or a dotted path such as Keycloak's
    /// `realm_access.roles`); nil: OpenID Connect teams are not read.
    public var groupsClaim: String?
    /// Realms (by name) besides the primary one whose accounts are full
    /// accounts (OIDC_TRUSTED_REALMS); any other secondary realm's logins
    /// are confined to the demo service (`Confinement`).
    public var trustedRealms: Set<String> = []

    public init(
        discoveryURL: String? = nil, clientID: String, clientSecret: String? = nil, scope: String = "openid profile", usernameClaim: String = "preferred_username",
        realmsBaseURL: String? = nil, defaultRealm: String? = nil, realmMapping: [String: String] = [:], providerName: String = "single sign-on"
    ) {
        self.providerName = providerName
        self.discoveryURL = discoveryURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.usernameClaim = usernameClaim
        self.realmsBaseURL = realmsBaseURL
        self.defaultRealm = defaultRealm
        self.realmMapping = realmMapping
    }
}

extension AuthSettings {
    /// Reads the sign-in variables; `text` returns a variable's non-empty value.
    init(text: @escaping (String) -> String?) throws {
        let defaults = AuthSettings()
        let read = SettingReader(text: text)

        let methodName = (text("AUTHENTICATION_METHOD") ?? defaults.method.rawValue).lowercased()
        guard let method = Method(rawValue: methodName) else {
            throw ConfigurationError("AUTHENTICATION_METHOD", "expected local, ldap or url, got '\(methodName)'")
        }
        var ldap: LDAPSettings?
        if method == .ldap {
            guard let host = text("LDAP_HOST") else { throw ConfigurationError("LDAP_HOST", "AUTHENTICATION_METHOD=ldap needs the directory's host") }
            let useSSL = try read.flag("LDAP_USE_SSL", default: true)
            let startTLS = try read.flag("LDAP_START_TLS", default: false)
            if useSSL, startTLS { throw ConfigurationError("LDAP_START_TLS", "StartTLS is for a plain connection: set LDAP_USE_SSL=false with it") }
            let bindDN = text("LDAP_BIND_DN")
            if bindDN != nil, text("LDAP_BIND_PASSWORD") == nil {
                throw ConfigurationError("LDAP_BIND_PASSWORD", "LDAP_BIND_DN (search-then-bind) needs the service account's password")
            }
            let defaultsLDAP = LDAPSettings(host: host)
            ldap = LDAPSettings(
                host: host, port: try read.integer("LDAP_PORT", default: useSSL ? 636 : 389, range: 1...65535), useSSL: useSSL, startTLS: startTLS,
                // LDAP_CA_FILE alone; else CA_BUNDLE_FILE besides the system's
                // roots; else SSL_CERT_FILE, which replaces them by OpenSSL's
                // convention (the old server honoured it through Python).
                caFile: text("LDAP_CA_FILE") ?? (text("CA_BUNDLE_FILE") == nil ? text("SSL_CERT_FILE") : nil),
                additionalCAFile: text("LDAP_CA_FILE") == nil ? text("CA_BUNDLE_FILE") : nil, baseDN: text("LDAP_BASE_DN") ?? defaultsLDAP.baseDN, userDN: text("LDAP_USER_DN") ?? "",
                userRDNAttribute: text("LDAP_USER_RDN_ATTR") ?? defaultsLDAP.userRDNAttribute, bindDN: bindDN, bindPassword: text("LDAP_BIND_PASSWORD"),
                userFilter: text("LDAP_USER_FILTER"), adminGroup: text("LDAP_ADMIN_GROUP"),
                timeoutSeconds: Double(try read.integer("LDAP_TIMEOUT_SECONDS", default: Int(defaultsLDAP.timeoutSeconds), range: 1...120))
            )
            let membership = (text("LDAP_GROUP_MEMBERSHIP") ?? "search").lowercased()
            guard let groupMembership = LDAPSettings.GroupMembership(rawValue: membership) else {
                throw ConfigurationError("LDAP_GROUP_MEMBERSHIP", "expected search or memberof, got '\(membership)'")
            }
            let nesting = (text("LDAP_NESTED_GROUPS") ?? "off").lowercased()
            guard let nestedGroups = LDAPSettings.NestedGroups(rawValue: nesting) else {
                throw ConfigurationError("LDAP_NESTED_GROUPS", "expected off, walk or in-chain, got '\(nesting)'")
            }
            ldap?.groupMembership = groupMembership
            ldap?.nestedGroups = nestedGroups
            ldap?.groupBase = text("LDAP_GROUP_BASE_DN")
            ldap?.teamSyncMinutes = try read.integer("TEAM_SYNC_MINUTES", default: 15, range: 0...10_080)
        }
        let url = text("AUTHENTICATION_URL")
        if method == .url {
            guard let url, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
                throw ConfigurationError("AUTHENTICATION_URL", "AUTHENTICATION_METHOD=url needs an http(s) URL to POST the credentials to")
            }
        }

        var oidc: OIDCSettings?
        if try read.flag("OIDC_ENABLED", default: false) {
            guard let clientID = text("OIDC_CLIENT_ID") else { throw ConfigurationError("OIDC_CLIENT_ID", "OIDC_ENABLED needs the client id") }
            let realmsBase = text("OIDC_BASE_URL")
            let discovery = text("OIDC_SERVER_URL")
            guard discovery != nil || realmsBase != nil else {
                throw ConfigurationError("OIDC_SERVER_URL", "OIDC_ENABLED needs the provider's discovery URL (or OIDC_BASE_URL for Keycloak realms)")
            }
            var mapping: [String: String] = [:]
            for entry in (text("OIDC_REALM_MAPPING") ?? "").split(separator: ",") {
                let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw ConfigurationError("OIDC_REALM_MAPPING", "expected type:realm pairs, got '\(entry)'")
                }
                mapping[parts[0].lowercased()] = parts[1]
            }
            let defaultsOIDC = OIDCSettings(clientID: clientID)
            oidc = OIDCSettings(
                discoveryURL: discovery, clientID: clientID, clientSecret: text("OIDC_CLIENT_SECRET"), scope: text("OIDC_SCOPE") ?? defaultsOIDC.scope,
                usernameClaim: text("OIDC_USERNAME_CLAIM") ?? defaultsOIDC.usernameClaim, realmsBaseURL: realmsBase?.trimmingSuffix("/"),
                defaultRealm: text("OIDC_DEFAULT_REALM"), realmMapping: mapping, providerName: text("OIDC_PROVIDER_NAME") ?? defaultsOIDC.providerName
            )
            oidc?.groupsClaim = text("OIDC_GROUPS_CLAIM")
            oidc?.trustedRealms = Set((text("OIDC_TRUSTED_REALMS") ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty })
        }

        var demo: DemoAccount?
        if let password = text("DEMO_ACCOUNT_PASSWORD"), try read.flag("DEMO_ACCOUNT_ENABLED", default: true) {
            demo = DemoAccount(password: password, service: text("DEMO_ACCOUNT_SERVICE") ?? DemoAccount(password: "").service)
        }
        var linked: Set<AccountOrigin> = []
        for name in (text("LINKED_SIGN_IN_METHODS") ?? "").split(separator: ",").map({ $0.trimmingWhitespace().lowercased() }) where !name.isEmpty {
            guard let origin = AccountOrigin(rawValue: name), AccountIdentity.linkableOrigins.contains(origin) else {
                throw ConfigurationError("LINKED_SIGN_IN_METHODS", "expected a list of ldap, url and oidc (a local account is never reached by another method), got '\(name)'")
            }
            linked.insert(origin)
        }
        self.init(
            method: method, ldap: ldap, authenticationURL: url, oidc: oidc, demo: demo,
            loginThreads: try read.integer("LOGIN_THREADS", default: defaults.loginThreads, range: 1...64),
            loginQueue: try read.integer("LOGIN_QUEUE", default: defaults.loginQueue, range: 0...10_000),
            failedLoginsPerMinute: try read.integer("LOGIN_FAILURES_PER_MINUTE", default: defaults.failedLoginsPerMinute, range: 1...100_000),
            accountFailuresPerHour: try read.integer("LOGIN_ACCOUNT_FAILURES_PER_HOUR", default: defaults.accountFailuresPerHour, range: 1...100_000),
            linkedMethods: linked,
            loginTimeoutSeconds: try read.number("LOGIN_TIMEOUT_SECONDS", default: defaults.loginTimeoutSeconds, range: 0.5...120)
        )
        confinedService = text("DEMO_ACCOUNT_SERVICE") ?? DemoAccount.defaultService
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
