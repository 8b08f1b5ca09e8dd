import Foundation
import HeraldCore

/// One notification's delivery report, as admins read it: what became of
/// each push, who holds and read it, who took it and what its alarm's
/// source was told. The JSON route and the admin page ask this one query.
public struct DeliveryReports: Sendable {
    public struct Report: Sendable {
        public var notification: NotificationRecord
        /// Every push, withdrawals and escalation calls included.
        public var rows: [DeliveryReportRow]
        /// The rows by outcome, every state present (zero when none).
        public var counts: [DeliveryState: Int]
        public var recipients: Int
        public var read: Int
        public var acknowledgement: Acknowledgement?
        public var writeBack: WriteBackRecord?
    }

    public typealias Store = NotificationStore & DeliveryQueue & AcknowledgementStore & WriteBackStore

    let store: any Store

    public init(store: any Store) {
        self.store = store
    }

    /// Admins only; not found when the notification is not that service's.
    public func report(of notificationID: NotificationID, in serviceID: UUID, for actor: Actor) async throws -> Report {
        try actor.must(.manage(.reports, of: serviceID))
        guard let notification = try await store.notification(id: notificationID), notification.serviceID == serviceID else {
            throw UseCaseError.notFound("Notification")
        }
        let rows = try await store.deliveryReport(notificationID: notificationID)
        // The rows hold every state: counted here rather than asked again.
        var counts = Dictionary(uniqueKeysWithValues: DeliveryState.allCases.map { ($0, 0) })
        for row in rows { counts[row.state, default: 0] += 1 }
        let readership = try await store.readership(notificationID: notificationID)
        return Report(
            notification: notification, rows: rows, counts: counts, recipients: readership.recipients, read: readership.read,
            acknowledgement: try await store.acknowledgements(of: [notificationID])[notificationID], writeBack: try await store.writeBack(of: notificationID)
        )
    }
}
