import Foundation
import HeraldCore

// Reads only tests make, written over the production protocols' own
// operations: the stores carry no requirement that nothing in Herald calls.

extension NotificationStore {
    /// A service's notifications, oldest first (by time, then id), read page
    /// by page as the API reads them.
    public func notifications(serviceID: UUID) async throws -> [NotificationRecord] {
        var all: [NotificationRecord] = []
        var start = PageStart.after(0)
        for _ in 0..<10_000 {
            let page = try await notificationsPage(serviceID: serviceID, from: start, limit: 500)
            all += page
            guard page.count == 500, let last = page.last else { break }
            start = .after(last.id)
        }
        return all.sorted { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }
    }
}

extension DeliveryQueue {
    /// How many of a notification's deliveries are in each state (from the
    /// delivery report, which lists every one).
    public func deliveryCounts(notificationID: NotificationID) async throws -> [DeliveryState: Int] {
        try await deliveryReport(notificationID: notificationID).reduce(into: [:]) { $0[$1.state, default: 0] += 1 }
    }
}
