import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers

/// Decides each claimed push's urgency just before it is sent: the site's
/// table (SEVERITY_URGENCY), with the service's own levels where its admin
/// set some. A service's levels are read once per `freshFor`, not per
/// push, so an admin's change reaches the phones within seconds; when they
/// cannot be read the site's table is used and the error logged (a
/// database hiccup must not hold pushes back).
final class UrgencyDecider: Sendable {
    let site: UrgencyTable
    let store: (any ServiceAlertingStore)?
    let clock: WallClock
    let logger: Logger
    static let freshFor: TimeInterval = 5
    private let tables = NIOLockedValueBox<[UUID: (table: UrgencyTable, readAt: Date)]>([:])

    init(site: UrgencyTable, store: (any ServiceAlertingStore)?, clock: WallClock, logger: Logger) {
        self.site = site
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// The batch with each delivery's urgency set.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        var decided = batch
        var tables: [UUID: UrgencyTable] = [:]
        for index in decided.indices {
            let service = decided[index].notification.serviceID
            if tables[service] == nil { tables[service] = await table(for: service) }
            decided[index].urgency = (tables[service] ?? site).urgency(for: decided[index].notification.severity)
        }
        return decided
    }

    func table(for service: UUID) async -> UrgencyTable {
        guard let store else { return site }
        let now = clock.now()
        if let cached = tables.withLockedValue({ $0[service] }), now.timeIntervalSince(cached.readAt) < Self.freshFor {
            return cached.table
        }
        do {
            let table = site.overridden(by: try await store.serviceAlerting(serviceID: service))
            tables.withLockedValue {
                // Forget services not seen for a while, so the cache stays as
                // small as the set of services being pushed for.
                if $0.count > 1_000 { $0 = $0.filter { now.timeIntervalSince($1.readAt) < Self.freshFor } }
                $0[service] = (table, now)
            }
            return table
        } catch {
            logger.warning(
                "cannot read a service's alerting; its pushes use the site's urgency table",
                metadata: ["service": "\(service)", "error": "\(String(reflecting: error))"]
            )
            return site
        }
    }
}
