import Foundation
import HeraldCore

/// Alertmanager's silences API (v2) without a transport: the requests the
/// write-back makes and what it reads from the answers. A silence matches
/// the alert's full label set, read from Alertmanager itself by the alert's
/// fingerprint (the webhook's `fingerprint` is the same value), so one
/// acknowledgement silences exactly that alert and nothing a stale copy of
/// its labels would miss.
public enum AlertmanagerSilences {
    /// Every alert Alertmanager holds, silenced and inhibited ones too.
    public static func alertsURL(base: String) -> String {
        base + "/api/v2/alerts?active=true&silenced=true&inhibited=true&unprocessed=true"
    }

    public static func silencesURL(base: String) -> String { base + "/api/v2/silences" }

    /// Expires a silence (Alertmanager keeps it, expired, for its retention).
    public static func silenceURL(base: String, id: String) -> String? {
        // An id Herald stored from Alertmanager's answer; still, nothing but
        // a UUID's characters goes into the path.
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return base + "/api/v2/silence/" + id
    }

    /// An alert as `GET /api/v2/alerts` lists it.
    public struct ListedAlert: Sendable, Equatable {
        public var labels: [String: String]
        public var startsAt: String
        /// The listing's own object, kept to tell the alert's resolution.
        public var json: String
    }

    /// The alert with this fingerprint in a `GET /api/v2/alerts` answer;
    /// nil when Alertmanager no longer has it (resolved: the API lists only
    /// alerts still active, silenced or not).
    public static func alert(withFingerprint fingerprint: String, in body: Data) throws(WriteBackFailure) -> ListedAlert? {
        guard let alerts = (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] else {
            throw .retry("Alertmanager's alert list was not the JSON array its API describes")
        }
        guard let alert = alerts.first(where: { ($0["fingerprint"] as? String) == fingerprint }) else { return nil }
        guard let labels = alert["labels"] as? [String: String], !labels.isEmpty else { throw .refused("the alert has no labels to match") }
        let kept = alert.filter { ["labels", "annotations", "startsAt", "generatorURL", "fingerprint"].contains($0.key) }
        let json = (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ListedAlert(labels: labels, startsAt: alert["startsAt"] as? String ?? "", json: json)
    }

    /// Why Herald must not silence what Alertmanager lists under the
    /// fingerprint (issue 39): nil when its labels are exactly those Herald
    /// received; otherwise the refusal (a report with another alert's
    /// fingerprint, or nothing received to compare with). Label names only:
    /// their values are what a forged report chose.
    public static func mismatch(received: [String: String]?, listed: [String: String]) -> String? {
        guard let received else {
            return "Herald has no labels received for this fingerprint to compare with Alertmanager's; no silence made"
        }
        guard received != listed else { return nil }
        let differing = Set(received.keys).union(listed.keys).filter { received[$0] != listed[$0] }.sorted()
        return "the alert Alertmanager lists under this fingerprint is not the one Herald received (labels differ: "
            + differing.prefix(10).joined(separator: ", ") + "); no silence made"
    }

    /// When a kept listing says its alert began.
    public static func startsAt(ofListing json: String) -> String? {
        ((try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any])?["startsAt"] as? String
    }

    /// The webhook payload Alertmanager would have sent for the alert's
    /// resolution, had Herald's own silence not muted it: built from the
    /// listing kept when the silence was made, and received as any other.
    public static func resolution(ofListing json: String, at now: Date, base: String) -> Data? {
        guard var alert = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any], alert["labels"] is [String: String] else { return nil }
        alert["status"] = "resolved"
        alert["endsAt"] = Timestamp.wireString(now) + "Z"
        let report: [String: Any] = ["version": "4", "status": "resolved", "receiver": "herald", "externalURL": base, "alerts": [alert]]
        return try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    }

    /// The body of `POST /api/v2/silences`: every label matched exactly.
    public static func silence(labels: [String: String], from start: Date, until end: Date, createdBy: String, comment: String) -> Data {
        let matchers: [[String: Any]] = labels.sorted { $0.key < $1.key }.map { ["name": $0.key, "value": $0.value, "isRegex": false, "isEqual": true] }
        let object: [String: Any] = [
            // RFC 3339 wants the zone: the wire format's UTC time with a Z.
            "matchers": matchers, "startsAt": Timestamp.wireString(start) + "Z", "endsAt": Timestamp.wireString(end) + "Z", "createdBy": createdBy,
            "comment": comment,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// The new silence's id from Alertmanager's answer.
    public static func silenceID(in body: Data) throws(WriteBackFailure) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let id = object["silenceID"] as? String, !id.isEmpty else {
            throw .retry("Alertmanager's answer named no silenceID")
        }
        return id
    }

    /// What a silence says about who took the alarm.
    public static func createdBy(_ username: String) -> String { "herald (\(username))" }

    public static func comment(_ acknowledgement: Acknowledgement?, notificationID: NotificationID) -> String {
        let who = acknowledgement?.username ?? "someone"
        let said = acknowledgement?.comment.map { ": \($0)" } ?? ""
        return "Acknowledged in Herald by \(who) (notification \(notificationID))\(said)"
    }

    /// How an answer's status ends a try: success, try again later (the
    /// server's trouble, a limit), or refused for good (what Herald sent
    /// was wrong, or it may not ask).
    public static func failure(status: Int, body: Data, doing: String) -> WriteBackFailure? {
        if (200..<300).contains(status) { return nil }
        let said = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let detail = "\(doing): Alertmanager answered \(status)\(said.isEmpty ? "" : " (\(said))")"
        return status >= 500 || status == 408 || status == 429 ? .retry(detail) : .refused(detail)
    }
}

/// Why a write-back try did not succeed.
public enum WriteBackFailure: Error, Equatable, CustomStringConvertible {
    /// Worth trying again later (the source is down, busy, or answered oddly).
    case retry(String)
    /// Will not succeed as it is (the target refused what was sent, or is
    /// not one Herald may ask): kept, shown, not retried.
    case refused(String)

    public var description: String {
        switch self {
        case .retry(let detail), .refused(let detail): detail
        }
    }
}
