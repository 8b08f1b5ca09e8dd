import Foundation

/// Accounts confined to one service (issue 39): the demo account, whose
/// password app-store reviewers share, and every account that signed in
/// through a secondary OpenID Connect realm (one that may let anybody
/// register) unless the site trusts that realm (OIDC_TRUSTED_REALMS). They
/// receive, list, stream and are called for only the confined service's
/// notifications (DEMO_ACCOUNT_SERVICE, a category or an id; `demo`),
/// whatever subscriptions exist; they see no rota and take no alarm. Pure:
/// the use cases, the worker and the sign-in ask it.
public struct Confinement: Sendable, Equatable {
    /// The category (or id) of the one service confined accounts see.
    public var service: String
    /// Whether the demo account is on (DEMO_ACCOUNT_PASSWORD): then an
    /// account named `demo`, or made by it, is confined whatever its flag says.
    public var demoAccount: Bool

    public init(service: String = DemoAccount.defaultService, demoAccount: Bool = false) {
        self.service = service
        self.demoAccount = demoAccount
    }

    /// Whether the account is confined.
    public func confines(_ user: User) -> Bool {
        user.isConfined || user.origin == .demo || (demoAccount && user.username == DemoAccount.username)
    }

    /// Whether a confined account sees this service.
    public func shows(_ service: ServiceRecord) -> Bool {
        service.category == self.service || service.id.uuidString.lowercased() == self.service.lowercased()
    }

    /// Whether a login confines the account it reaches: the demo account's,
    /// and an OpenID Connect login through a realm that is not the primary
    /// one nor a trusted one. Decided at every login, so trusting a realm
    /// (or moving an account to the primary one) frees it at its next.
    public static func confines(origin: AccountOrigin, isPrimary: Bool, realm: String?, trustedRealms: Set<String>) -> Bool {
        switch origin {
        case .demo: return true
        case .oidc: return !isPrimary && !(realm.map { trustedRealms.contains($0) } ?? false)
        case .local, .ldap, .url: return false
        }
    }
}
