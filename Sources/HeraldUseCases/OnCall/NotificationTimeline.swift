import Foundation
import HeraldCore

/// What happened to one notification, in order (issue 26): when it was
/// posted, whom each escalation step called, what each provider answered
/// for each push, who acknowledged it, how its escalation ended or which
/// step is next. For admins, beside the delivery report; the pages and
/// the JSON draw the same list.
public struct NotificationTimeline: Sendable {
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case posted, called, pushed, acknowledged, ended, resumed, next
        }

        public var at: Date
        public var kind: Kind
        /// 1-based, for escalation events.
        public var step: Int?
        public var pass: Int?
        /// A username, `subscribers`, or a device's owner.
        public var who: String?
        /// What it was about in words: the target, the provider's answer, a comment.
        public var detail: String?

        public init(at: Date, kind: Kind, step: Int? = nil, pass: Int? = nil, who: String? = nil, detail: String? = nil) {
            self.at = at
            self.kind = kind
            self.step = step
            self.pass = pass
            self.who = who
            self.detail = detail
        }
    }

    public struct Timeline: Sendable, Equatable {
        public var events: [Event]
        public var recipients: Int
        public var read: Int
        /// More pushes than are listed (a large fan-out): the report has them all.
        public var pushesLeftOut: Int
    }

    /// At most this many pushes are listed.
    public static let maxPushes = 500

    let store: any NotificationStore & EscalationStore & AcknowledgementStore & DeliveryQueue & AccountStore & RotaStore

    public init(store: any NotificationStore & EscalationStore & AcknowledgementStore & DeliveryQueue & AccountStore & RotaStore) {
        self.store = store
    }

    /// Without `pushes` (the delivery report page lists them itself) the
    /// deliveries and their people are not read.
    public func timeline(of notificationID: NotificationID, in serviceID: UUID, for actor: Actor, pushes: Bool = true) async throws -> Timeline {
        try actor.must(.manage(.reports, of: serviceID))
        guard let notification = try await store.notification(id: notificationID), notification.serviceID == serviceID else {
            throw UseCaseError.notFound("Notification")
        }
        var events = [Event(at: notification.timestamp, kind: .posted, detail: notification.severity.map { "severity \($0.rawValue)" })]
        let calls = try await store.escalationCalls(notificationID: notificationID)
        // The names of the rotas the calls were made for, only those.
        var rotas: [String: String] = [:]
        for target in Set(calls.map(\.target)) {
            guard target.hasPrefix("rota:"), let id = Int64(target.dropFirst(5)) else { continue }
            rotas[target] = try await store.rota(id: id)?.name
        }
        for call in calls {
            let subscribers = call.target == EscalationCall.subscribersTarget
            let target = subscribers ? "the subscribers" : rotas[call.target].map { "on call for \($0)" } ?? "by name"
            events.append(
                Event(
                    at: call.at, kind: .called, step: call.step + 1, pass: call.pass + 1, who: subscribers ? "subscribers" : call.username,
                    detail: "\(target), \(call.devices) device\(call.devices == 1 ? "" : "s")"
                )
            )
        }
        let rows = pushes ? try await store.deliveryReport(notificationID: notificationID) : []
        var names: [UserID: String] = [:]
        for row in rows.prefix(Self.maxPushes) {
            if names[row.userID] == nil { names[row.userID] = try await store.user(id: row.userID)?.username ?? "user \(row.userID)" }
            let answer = row.lastError.map { "\(row.state.rawValue): \($0)" } ?? row.state.rawValue
            events.append(
                Event(
                    at: row.updatedAt, kind: .pushed, who: names[row.userID],
                    detail: "\(row.purpose.rawValue) via \(row.platform.rawValue) …\(row.tokenHint ?? ""): \(answer)"
                        + (row.attempts > 1 ? " after \(row.attempts) attempts" : "")
                )
            )
        }
        if let acknowledgement = try await store.acknowledgements(of: [notificationID])[notificationID] {
            events.append(Event(at: acknowledgement.at, kind: .acknowledged, who: acknowledgement.username, detail: acknowledgement.comment))
        }
        if let escalation = try await store.escalation(notificationID: notificationID) {
            let recorded = try await store.escalationEvents(notificationID: notificationID)
            for event in recorded {
                switch event.kind {
                case .ended(let reason):
                    events.append(Event(at: event.at, kind: .ended, who: event.who, detail: Self.ending(reason)))
                case .resumed:
                    events.append(
                        Event(
                            at: event.at, kind: .resumed, step: event.step + 1, pass: event.pass + 1, who: event.who,
                            detail: "acknowledgement withdrawn while the alarm still fires: the escalation goes on from step \(event.step + 1)"
                        )
                    )
                }
            }
            // An escalation that ended before its ends were recorded (issue 39) shows the stored one.
            if let ended = escalation.ended, let at = escalation.endedAt, !recorded.contains(where: { if case .ended = $0.kind { true } else { false } }) {
                events.append(Event(at: at, kind: .ended, detail: Self.ending(ended)))
            }
            if escalation.ended == nil {
                events.append(Event(at: escalation.due.at, kind: .next, step: escalation.due.step + 1, pass: escalation.due.pass + 1, detail: "next step due"))
            }
        }
        let readership = try await store.readership(notificationID: notificationID)
        // Stable: events at the same instant keep the order they were added in.
        let ordered = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return Timeline(events: ordered, recipients: readership.recipients, read: readership.read, pushesLeftOut: max(0, rows.count - Self.maxPushes))
    }

    /// How an escalation's end reads.
    static func ending(_ reason: EscalationEnd) -> String {
        switch reason {
        case .heldBack: "escalation held back: its service started ESCALATION_STARTS_PER_MINUTE escalations in the last minute"
        case .acknowledged, .resolved, .exhausted: "escalation \(reason.rawValue)"
        }
    }
}
