import HeraldCore
import HeraldIdentity

/// What the login routes need, made by the composition root from the
/// configuration: who checks passwords, the brakes on failed logins, and
/// the demo account's limits.
public struct SignIn: Sendable {
    public var passwords: any PasswordAuthenticator
    public var brakes: FailedLoginLimiter
    public var demo: DemoAccount?
    /// OpenID Connect, when OIDC_ENABLED.
    public var oidc: OIDCSignIn?
    public var metrics: LoginMetrics
    /// The login threads: every bcrypt check and hash runs here, never on
    /// an event loop nor on NIO's shared pool (SQLite's).
    public var pool: BlockingPool

    public init(
        passwords: any PasswordAuthenticator, brakes: FailedLoginLimiter, pool: BlockingPool, demo: DemoAccount? = nil, oidc: OIDCSignIn? = nil,
        metrics: LoginMetrics = LoginMetrics()
    ) {
        self.passwords = passwords
        self.pool = pool
        self.brakes = brakes
        self.demo = demo
        self.oidc = oidc
        self.metrics = metrics
    }
}
