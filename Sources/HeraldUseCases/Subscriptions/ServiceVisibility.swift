import Foundation
import HeraldCore

/// Which services a user may see: every one, but only the demo service for
/// the demo account (DEMO_ACCOUNT_PASSWORD), whose password app-store
/// reviewers get: a site's real alarms must not reach them. Every list,
/// subscription, filter and inbox choice goes through it.
public struct ServiceVisibility: Sendable {
    let demo: DemoAccount?

    public init(demo: DemoAccount?) {
        self.demo = demo
    }

    /// Whether the user is the confined demo account.
    public func isConfined(_ user: User) -> Bool {
        demo != nil && (user.origin == .demo || user.username == DemoAccount.username)
    }

    public func isVisible(_ service: ServiceRecord, to user: User) -> Bool {
        guard let demo, isConfined(user) else { return true }
        return service.category == demo.service || service.id.uuidString.lowercased() == demo.service.lowercased()
    }

    public func visible(_ services: [ServiceRecord], to user: User) -> [ServiceRecord] {
        services.filter { isVisible($0, to: user) }
    }
}
