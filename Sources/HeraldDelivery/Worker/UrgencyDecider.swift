import Foundation
import HeraldCore
import Logging

/// Decides each claimed push's urgency just before it is sent: the site's
/// table (SEVERITY_URGENCY), with the service's own levels where its admin
/// set some; a resolved alarm arrives quietly (passive) unless the service
/// says its resolutions alert. A service's choices are read once per
/// `freshFor`, not per push, so an admin's change reaches the phones within
/// seconds; when they cannot be read the site's table is used and the error
/// logged (a database hiccup must not hold pushes back).
final class UrgencyDecider: Sendable {
    let site: UrgencyTable
    let store: (any ServiceAlertingStore)?
    let clock: WallClock
    let logger: Logger
    static let freshFor: TimeInterval = 5
    private let services = PerServiceCache<ServiceAlerting?>(ttl: UrgencyDecider.freshFor, capacity: 1_000)

    init(site: UrgencyTable, store: (any ServiceAlertingStore)?, clock: WallClock, logger: Logger) {
        self.site = site
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// The batch with each delivery's urgency set.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        var decided = batch
        var choices: [UUID: ServiceAlerting?] = [:]
        for index in decided.indices {
            let notification = decided[index].notification
            if choices[notification.serviceID] == nil { choices[notification.serviceID] = await alerting(of: notification.serviceID) }
            decided[index].urgency = Self.urgency(
                of: notification, site: site, service: choices[notification.serviceID] ?? nil,
                severity: decided[index].purpose.treatedSeverity(notification.severity)
            )
        }
        return decided
    }

    /// A notification's urgency under the site's table and a service's
    /// choices; `severity`: the level its push is treated as (a call to the
    /// subscribers is critical), the notification's own by default.
    static func urgency(of notification: NotificationRecord, site: UrgencyTable, service: ServiceAlerting?, severity: Severity?? = nil) -> Urgency {
        if notification.alarm == .resolved && (service?.resolutions ?? .quiet) == .quiet { return .passive }
        return site.overridden(by: service).urgency(for: severity ?? notification.severity)
    }

    func alerting(of service: UUID) async -> ServiceAlerting? {
        guard let store else { return nil }
        do {
            return try await services.value(of: service, now: clock.now()) { try await store.serviceAlerting(serviceID: $0) }
        } catch {
            logger.warning(
                "cannot read a service's alerting; its pushes use the site's urgency table",
                metadata: ["service": "\(service)", "error": "\(String(reflecting: error))"]
            )
            return nil
        }
    }
}
