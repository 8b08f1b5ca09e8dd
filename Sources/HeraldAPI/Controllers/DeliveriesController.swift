import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// An admin's view of how a notification was pushed.
struct DeliveriesController {
    let auth: RequestAuthenticator
    let reports: DeliveryReports
    let timelines: NotificationTimeline

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/notifications/{notification_id}/deliveries", use: report)
        group.get("services/{service_id}/notifications/{notification_id}/timeline", use: timeline)
    }

    struct TimelineBody: Encodable {
        struct Event: Encodable {
            var at: String
            /// posted, called, pushed, acknowledged, ended (the escalation), next (its step due).
            var kind: String
            var step: Int?
            var pass: Int?
            var who: String?
            var detail: String?
        }

        var notification_id: Int64
        var recipients: Int
        var read: Int
        var pushes_left_out: Int
        var events: [Event]
    }

    /// Who was called at which step, what each provider answered, who took it.
    @Sendable func timeline(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let notificationID = try Identifiers.integer(context, "notification_id")
        let timeline = try await timelines.timeline(of: notificationID, in: try Identifiers.serviceID(context), for: actor)
        return JSONBody.response(
            TimelineBody(
                notification_id: notificationID, recipients: timeline.recipients, read: timeline.read, pushes_left_out: timeline.pushesLeftOut,
                events: timeline.events.map {
                    TimelineBody.Event(at: Timestamp.wireString($0.at), kind: $0.kind.rawValue, step: $0.step, pass: $0.pass, who: $0.who, detail: $0.detail)
                }
            )
        )
    }

    @Sendable func report(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let notificationID = try Identifiers.integer(context, "notification_id")
        let report = try await reports.report(of: notificationID, in: serviceID, for: actor)
        return JSONBody.response(
            DeliveryReportBody(
                notification_id: notificationID, counts: Dictionary(uniqueKeysWithValues: report.counts.map { ($0.key.rawValue, $0.value) }),
                recipients: report.recipients, read: report.read,
                acknowledgement: report.acknowledgement.map(AcknowledgementBody.init), write_back: report.writeBack.map(WriteBackBody.init),
                deliveries: report.rows.map(DeliveryRowBody.init),
                timeline_path: "/api/v2/services/\(serviceID.wireString)/notifications/\(notificationID)/timeline"
            )
        )
    }
}

struct DeliveryReportBody: Encodable {
    var notification_id: Int64
    var counts: [String: Int]
    /// Who holds it in their inbox, and how many of them read it.
    var recipients: Int
    var read: Int
    /// Who took it, when someone did.
    var acknowledgement: AcknowledgementBody?
    /// What the alarm's source was told, when the service writes back.
    var write_back: WriteBackBody?
    var deliveries: [DeliveryRowBody]
    /// Where the notification's timeline is (who was called when, what each provider answered).
    var timeline_path: String
}

struct WriteBackBody: Encodable {
    /// done, pending, retrying or refused.
    var state: String
    /// What the source should know: acknowledged, withdrawn or resolved.
    var wanted: String
    var achieved: String?
    /// The Alertmanager silence's id while it holds.
    var reference: String?
    var attempts: Int
    var detail: String?
    var updated_at: String

    init(_ record: WriteBackRecord) {
        state = record.state
        wanted = record.wanted.rawValue
        achieved = record.achieved?.rawValue
        reference = record.reference
        attempts = record.attempts
        detail = record.detail
        updated_at = Timestamp.wireString(record.updatedAt)
    }
}

struct DeliveryRowBody: Encodable {
    var id: Int64
    var user_id: Int64
    var platform: String
    /// The token's last characters only: a full token is a credential.
    var token: String?
    var state: String
    var attempts: Int
    var last_error: String?
    var updated_at: String
    /// `alert`, or `withdrawal`: the push that took it down after an acknowledgement.
    var purpose: String

    init(_ row: DeliveryReportRow) {
        id = row.id
        user_id = row.userID
        platform = row.platform.rawValue
        token = row.tokenHint.map { "…" + $0 }
        state = row.state.rawValue
        attempts = row.attempts
        last_error = row.lastError
        updated_at = Timestamp.wireString(row.updatedAt)
        purpose = row.purpose.rawValue
    }
}
