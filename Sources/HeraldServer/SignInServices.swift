import Foundation
import AsyncHTTPClient
import HeraldAPI
import HeraldCore
import HeraldDelivery
import HeraldOutbound
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
        // connect timeout (the client retries connecting until it runs out),
        // and no answer later than LOGIN_TIMEOUT_SECONDS. The hosts the
        // settings name are the operator's choice, trusted wherever they
        // are; what an OpenID provider's document names elsewhere is held
        // to the outbound policy. Trusted is a named host at its port.
        let wait = TimeAmount.milliseconds(Int64(auth.methodWaitSeconds * 1000))
        let http = OutboundHTTP(
            policy: config.outbound.policy, tls: try OutboundHTTP.tls(caBundlePEM: config.delivery.caBundlePEM), connectTimeout: min(.seconds(3), wait),
            readTimeout: wait, trustedOrigins: Self.namedOrigins(auth)
        )
        var external: (any PasswordAuthenticator)?
        switch auth.method {
        case .local:
            external = nil
        case .url:
            guard let url = auth.authenticationURL else { throw ConfigurationError("AUTHENTICATION_URL", "is not set") }
            external = URLAuthenticator(url: url, http: http, timeout: wait, logger: logger)
        case .ldap:
            guard let ldap = auth.ldap else { throw ConfigurationError("LDAP_HOST", "is not set") }
            external = try LDAPAuthenticator(settings: ldap, pool: pool, logger: logger)
        }
        let local = LocalAccounts(store: store, cost: config.bcryptCost, pool: pool)
        let site = SiteAuthenticator(demo: auth.demo, external: external, local: local, store: store)
        let oidc = auth.oidc.map { OIDCSignIn(settings: $0, http: http, clock: clock) }
        let signIn = SignIn(
            passwords: passwords ?? site, brakes: FailedLoginLimiter(limit: auth.failedLoginsPerMinute, accountLimit: auth.accountFailuresPerHour), pool: pool, demo: auth.demo, oidc: oidc,
            metrics: LoginMetrics(registry: registry)
        )
        let closing = ClosingService("sign-in") {
            try? await http.shutdown()
            try? await pool.shutdown()
        }
        return SignInServices(signIn: signIn, closing: closing)
    }
}

extension SignInServices {
    /// The URLs the sign-in settings name: AUTHENTICATION_URL, the OpenID
    /// provider's (OIDC_SERVER_URL, OIDC_BASE_URL).
    static func namedOrigins(_ auth: AuthSettings) -> [String] {
        [auth.authenticationURL, auth.oidc?.discoveryURL, auth.oidc?.realmsBaseURL].compactMap { $0 }
    }
}
