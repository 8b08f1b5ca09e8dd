import Foundation
import HeraldBridges
import HeraldCore
import HeraldPublishing
import Logging

/// An Alertmanager or Grafana report received: each alert deduplicated by
/// its identity (repeats are not pushed), mapped to a notification with the
/// service's own templates when it has them, and published; a storm becomes
/// one summary. The webhook receivers call this, and so does the
/// write-back's watch when it tells a resolution Alertmanager withheld from
/// a silenced alert: both reach the inbox the same way.
public struct AlertReports: Sendable {
    let store: any ServiceStore & ServiceWriteBackStore
    let publisher: Publisher
    let stormThreshold: Int
    let renotifyAfter: TimeInterval?

    public init(store: any ServiceStore & ServiceWriteBackStore, publisher: Publisher, stormThreshold: Int, renotifyAfter: TimeInterval?) {
        self.store = store
        self.publisher = publisher
        self.stormThreshold = stormThreshold
        self.renotifyAfter = renotifyAfter
    }

    /// Whether a sender must show one of the service's tokens (or post from
    /// ALLOWED_NETWORKS) for its reports to be taken (issue 39): the
    /// service writes acknowledgements back, so a report decides what an
    /// acknowledgement silences at the source.
    public func sendersMustProveThemselves(to serviceID: UUID) async throws -> Bool {
        try await store.serviceWriteBack(serviceID: serviceID) != nil
    }

    /// The notifications the report published or updated.
    public func receive(_ report: AlertReport, to serviceID: UUID, from source: PublishSource, logger: Logger) async throws -> [NotificationRecord] {
        // A service's own templates, when it has them, replace the default mapping.
        let templates = TemplateRenderer.stored(try await store.serviceTemplates(serviceID: serviceID)) { error in
            logger.error(
                "a service's templates do not parse: its alerts use the default mapping until they are saved again",
                metadata: ["service": "\(serviceID.wireString)", "error": "\(error)"]
            )
        }
        let threshold = stormThreshold
        let published = try await publisher.publishAlertChanges(
            report.alerts.map(\.observation), to: serviceID, renotifyAfter: renotifyAfter, from: source
        ) { toNotify in
            AlertMapping.notifications(for: toNotify, in: report, stormThreshold: threshold, templates: templates)
        }
        logger.info("alerts received", metadata: ["service": "\(serviceID.wireString)", "alerts": "\(report.alerts.count)", "notified": "\(published.count)"])
        return published
    }
}
