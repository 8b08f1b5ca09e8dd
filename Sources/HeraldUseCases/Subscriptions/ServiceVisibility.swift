import Foundation
import HeraldCore

/// Which services a user may see: every one, but only the demo service for
/// a confined account (`Confinement`: the demo account, whose password
/// app-store reviewers get, and logins through an untrusted secondary
/// OpenID Connect realm): a site's real alarms must not reach them. Every
/// list, subscription, filter, inbox read, acknowledgement and rota goes
/// through it.
public struct ServiceVisibility: Sendable {
    public let confinement: Confinement

    public init(confinement: Confinement) {
        self.confinement = confinement
    }

    /// With the demo account on (`demo`) or off.
    public init(demo: DemoAccount?) {
        self.init(confinement: Confinement(service: demo?.service ?? DemoAccount.defaultService, demoAccount: demo != nil))
    }

    /// Whether the user is confined to the demo service.
    public func isConfined(_ user: User) -> Bool {
        confinement.confines(user)
    }

    public func isVisible(_ service: ServiceRecord, to user: User) -> Bool {
        !isConfined(user) || confinement.shows(service)
    }

    public func visible(_ services: [ServiceRecord], to user: User) -> [ServiceRecord] {
        services.filter { isVisible($0, to: user) }
    }
}
