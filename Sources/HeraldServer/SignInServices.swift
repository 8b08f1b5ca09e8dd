import AsyncHTTPClient
import HeraldAPI
import HeraldCore
import HeraldDelivery
import HeraldIdentity
import Logging
import NIOCore
import Prometheus
import ServiceLifecycle

/// The sign-in parts of a process with the API: a thread pool of their own
/// for password checks, the HTTP client the authentication URL (and OpenID
/// Connect) is asked over, the brakes, and the authenticator the
/// configuration names.
struct SignInServices {
    let signIn: SignIn
    /// Closes the pool and the client when the process stops.
    let closing: any Service

    static func make(
        config: HeraldConfig, store: any HeraldStore, passwords: (any PasswordAuthenticator)?, clock: WallClock, registry: PrometheusCollectorRegistry,
        logger: Logger
    ) throws -> SignInServices {
        let auth = config.auth
        let pool = BlockingPool(threads: auth.loginThreads, queue: auth.loginQueue)
        // A sign-in should not wait long for a service that is away: a short
        // connect timeout (the client retries connecting until it runs out).
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: try OutboundHTTPClient.tls(caBundlePEM: config.delivery.caBundlePEM), timeout: .init(connect: .seconds(3), read: .seconds(10))
        )
        configuration.connectionPool = .init(idleTimeout: .seconds(120))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        var external: (any PasswordAuthenticator)?
        switch auth.method {
        case .local:
            external = nil
        case .url:
            guard let url = auth.authenticationURL else { throw ConfigurationError("AUTHENTICATION_URL", "is not set") }
            external = URLAuthenticator(url: url, http: http, logger: logger)
        case .ldap:
            guard let ldap = auth.ldap else { throw ConfigurationError("LDAP_HOST", "is not set") }
            external = try LDAPAuthenticator(settings: ldap, pool: pool, logger: logger)
        }
        let local = LocalAccounts(store: store, cost: config.bcryptCost, pool: pool)
        let site = SiteAuthenticator(demo: auth.demo, external: external, local: local, store: store)
        let oidc = auth.oidc.map { OIDCSignIn(settings: $0, http: http, clock: clock) }
        let signIn = SignIn(
            passwords: passwords ?? site, brakes: FailedLoginLimiter(limit: auth.failedLoginsPerMinute), pool: pool, demo: auth.demo, oidc: oidc,
            metrics: LoginMetrics(registry: registry)
        )
        let closing = ClosingService {
            try? await http.shutdown()
            try? await pool.shutdown()
        }
        return SignInServices(signIn: signIn, closing: closing)
    }
}

/// Waits for the service group's shutdown, then closes what it was given.
struct ClosingService: Service {
    let close: @Sendable () async -> Void

    func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
