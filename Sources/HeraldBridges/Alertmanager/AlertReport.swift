import Crypto
import Foundation
import HeraldCore

/// An Alertmanager webhook payload (version 4), which Grafana's webhook
/// contact point extends (version 1, with `title`, `message`, `state` and
/// per-alert panel and dashboard URLs). Unknown keys are ignored.
public struct AlertReport: Decodable, Sendable {
    public struct Alert: Decodable, Sendable {
        public var status: String
        public var labels: [String: String]
        public var annotations: [String: String]?
        public var startsAt: String
        public var endsAt: String?
        public var generatorURL: String?
        public var fingerprint: String?
        // Grafana
        public var dashboardURL: String?
        public var panelURL: String?
        public var silenceURL: String?
        public var valueString: String?

        /// Alertmanager's fingerprint, or one computed from the labels (the
        /// identity Alertmanager itself uses) when a sender leaves it out.
        public var identity: String {
            if let fingerprint, !fingerprint.isEmpty { return fingerprint }
            let canonical = labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1f}")
            return SHA256.hash(data: Data(canonical.utf8)).prefix(8).hexEncoded
        }

        public var isResolved: Bool { status == "resolved" }

        /// The alarm the notification standing for this alert names; under
        /// its key, so the alert's resolution updates it
        /// (`AlertDecision.publish`: a firing after a resolution starts a new one).
        public var alarmIdentity: AlarmIdentity { .alertmanager(identity) }

        public var observation: AlertObservation {
            AlertObservation(fingerprint: identity, status: isResolved ? .resolved : .firing, startsAt: startsAt, labels: labels)
        }
    }

    public var version: String?
    public var status: String?
    public var receiver: String?
    public var groupKey: String?
    public var truncatedAlerts: Int?
    public var groupLabels: [String: String]?
    public var commonLabels: [String: String]?
    public var commonAnnotations: [String: String]?
    public var externalURL: String?
    public var alerts: [Alert]
    // Grafana
    public var title: String?
    public var message: String?
    public var state: String?

    public static func decode(_ data: Data) throws(AlertReportError) -> AlertReport {
        let report: AlertReport
        do {
            report = try JSONDecoder().decode(AlertReport.self, from: data)
        } catch let error as DecodingError {
            throw AlertReportError(error)
        } catch {
            throw AlertReportError(reason: "not an alert payload: \(error)")
        }
        if let truncated = report.truncatedAlerts, truncated < 0 {
            throw AlertReportError(reason: "truncatedAlerts should be 0 or more")
        }
        // Alertmanager and Grafana send only these; anything else is not an alert we understand.
        if let index = report.alerts.firstIndex(where: { $0.status != "firing" && $0.status != "resolved" }) {
            throw AlertReportError(reason: "alerts[\(index)].status should be firing or resolved")
        }
        return report
    }
}

/// Why a payload was refused, for a 400 answer (Alertmanager drops a 4xx
/// rather than retrying it forever, which is right for bad input).
public struct AlertReportError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }

    public init(reason: String) { self.reason = reason }

    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop(while: { $0 == "." }).description
        }
        switch error {
        case .keyNotFound(let key, let context):
            reason = "missing field \(path(context).isEmpty ? key.stringValue : path(context) + "." + key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            reason = "wrong type at \(path(context).isEmpty ? "the top level" : path(context))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            reason = "the body is not valid JSON"
        case .dataCorrupted(let context):
            reason = "invalid value at \(path(context))"
        @unknown default:
            reason = "not an alert payload"
        }
    }
}
