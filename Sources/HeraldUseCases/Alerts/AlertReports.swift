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
    let store: any ServiceStore & ServiceWriteBackStore & AlertStateStore
    let publisher: Publisher
    let stormThreshold: Int
    let renotifyAfter: TimeInterval?

    public init(
        store: any ServiceStore & ServiceWriteBackStore & AlertStateStore, publisher: Publisher, stormThreshold: Int, renotifyAfter: TimeInterval?
    ) {
        self.store = store
        self.publisher = publisher
        self.stormThreshold = stormThreshold
        self.renotifyAfter = renotifyAfter
    }

    /// The report with each alert that wears a known fingerprint with other
    /// labels given an identity of its own (`AlertLabels.identity`, issue
    /// 39), logged: it neither rewrites, resolves nor silences the alert
    /// known under that fingerprint, and a forgery that came first does not
    /// shut the real alert out. (Two reports racing for a new fingerprint:
    /// the publish's own check refuses the second.)
    func keepingApart(_ report: AlertReport, of serviceID: UUID, logger: Logger) async throws -> AlertReport {
        var report = report
        for index in report.alerts.indices {
            let alert = report.alerts[index]
            guard let given = alert.fingerprint, !given.isEmpty else { continue }
            let known = try await store.alertLabels(serviceID: serviceID, fingerprint: NotificationRules.storableIdentity(given))
            let identity = AlertLabels.identity(fingerprint: given, labels: alert.labels, known: known)
            guard identity != given else { continue }
            report.alerts[index].fingerprint = identity
            logger.warning(
                "an alert report wears a known fingerprint with other labels: kept apart as its own alert",
                metadata: ["service": "\(serviceID.wireString)", "identity": "\(identity)", "status": "\(alert.status)"]
            )
        }
        return report
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
        let report = try await keepingApart(report, of: serviceID, logger: logger)
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
