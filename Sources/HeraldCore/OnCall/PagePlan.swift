import Foundation

/// What a page is sent to (issue 41): a team, or a rota.
public enum PageTarget: Sendable, Hashable {
    case team(TeamID)
    case rota(Int64)

    /// `team` or `rota`, as the audit log and the store name it.
    public var kind: String {
        switch self {
        case .team: "team"
        case .rota: "rota"
        }
    }

    public var id: Int64 {
        switch self {
        case .team(let id), .rota(let id): id
        }
    }
}

/// A page as someone sends it: "call the RF expert now".
public struct PageRequest: Sendable, Equatable {
    public var title: String
    public var severity: Severity
    public var message: String?

    public init(title: String, severity: Severity = .critical, message: String? = nil) {
        self.title = title
        self.severity = severity
        self.message = message
    }
}

/// How a page reaches people, decided in plain Swift (issue 41). Each team
/// and each rota has one private *page service*, made the first time it is
/// paged, and a page is a notification posted to it, so it is delivered,
/// escalated, acknowledged, reported and audited like any alarm:
/// - a team's page service is received by every member (a mandatory team
///   subscription, the team holding its responder role) and escalates by
///   its own policy, `teamPolicy` until an admin changes it;
/// - a rota's page service is received by nobody until called: its policy,
///   set afresh at each page from the rota as it is then, calls the person
///   on call at once, then each other member in the rota's order, and its
///   responders are the rota's people, so only they see and take its pages.
/// A page service takes pages only: no sender may post to it.
/// Who may page is a role: the publisher role of the page service (granted
/// like any role), a rota's owners, and admins (`AccessPolicy`).
public enum PagePlan {
    /// Longest name a page service gets (a service's category).
    static let maxName = 100
    /// Longest message a page carries.
    public static let maxMessageLength = 1_000

    /// The page service a target gets when it is first paged.
    public static func serviceDraft(for target: PageTarget, named name: String) -> ServiceDraft {
        let label = "Page \(target.kind) \(name)"
        return ServiceDraft(category: String(label.prefix(maxName)), color: "d7263d", owner: "herald", isPrivate: true)
    }

    /// How long a rota's page waits for an answer before calling the next
    /// person, until an admin sets the page service's own waits.
    public static let rotaWaitSeconds = 300

    /// A team's page when its page service has no policy of its own: every
    /// member at once (the post itself), again every 5 minutes, three times
    /// in all. Every severity escalates: a page is always meant to reach.
    public static let teamPolicy = EscalationPolicy(
        steps: [EscalationPolicy.Step(targets: [.subscribers], waitSeconds: rotaWaitSeconds)], repeats: 2, minimumSeverity: lowest
    )

    /// A rota's page: the person on call now (someone covering included),
    /// then each other member once, in the rota's order from the one after
    /// the turn's member, each given `wait` seconds to answer; then the
    /// whole once more when `maximumCalls` (ESCALATION_MAX_CALLS) allows,
    /// and never more steps than it. Everyone is named as they are now, so
    /// a hand-off during the page calls nobody twice; a member listed twice
    /// is called once; with nobody on call (before the rota starts) the
    /// members are called from the first. Every severity escalates.
    public static func rotaPolicy(_ rota: StoredRota, now: Date, wait: Int = rotaWaitSeconds, maximumCalls: Int = .max) -> EscalationPolicy {
        let turns = rota.rota
        let onCall = turns.onCall(at: now)
        let start = rota.members.isEmpty ? 0 : turns.turn(at: now).map { ($0 + 1) % rota.members.count } ?? 0
        var order: [UserID] = onCall.map { [$0] } ?? []
        var seen = Set(order)
        for offset in rota.members.indices {
            let member = rota.members[(start + offset) % rota.members.count]
            if seen.insert(member).inserted { order.append(member) }
        }
        let steps = order.prefix(max(maximumCalls, 1)).map { EscalationPolicy.Step(targets: [.user($0)], waitSeconds: wait) }
        return EscalationPolicy(steps: Array(steps), repeats: steps.count * 2 <= maximumCalls ? 1 : 0, minimumSeverity: lowest)
    }

    /// The wait a rota's page gives each person: its page service's own (the
    /// first step's, an admin's to change), else `rotaWaitSeconds`; never
    /// below ESCALATION_MIN_WAIT_SECONDS.
    public static func rotaWait(current: EscalationPolicy?, minimumWait: Int) -> Int {
        max(current?.steps.first?.waitSeconds ?? rotaWaitSeconds, minimumWait, 1)
    }

    /// Who takes a rota's pages: its members and whoever covers for it now or later.
    public static func rotaResponders(_ rota: StoredRota, now: Date) -> Set<UserID> {
        Set(rota.members + rota.overrides.filter { $0.until > now }.map(\.userID))
    }

    /// The person grants a rota's page service needs to get and lose to
    /// hold exactly `wanted` as responders (its person grants are the rota's
    /// to decide; team grants an admin made are left alone).
    public static func responderChanges(current: Set<UserID>, wanted: Set<UserID>) -> (grant: Set<UserID>, revoke: Set<UserID>) {
        (wanted.subtracting(current), current.subtracting(wanted))
    }

    /// The notification a page posts: the sender's words, and who sent it.
    public static func draft(_ request: PageRequest, from username: String) -> NotificationDraft {
        let signed = "Paged by \(username)"
        let subtitle = request.message.map { $0.isEmpty ? signed : "\($0)\n\(signed)" } ?? signed
        return NotificationDraft(title: request.title, subtitle: subtitle, severity: request.severity)
    }

    /// Why anything but a page is refused on a page service (a sender's post,
    /// a recurring notification, a feed): it would skip who may page, the
    /// brake and the audit entry.
    public static let pagesOnly = "This is a team's or a rota's page service: it takes pages only (POST /api/v2/teams/{id}/pages or /api/v2/rotas/{id}/pages)"

    /// The least severity: a page of any severity escalates.
    static let lowest = Severity.allCases.min() ?? .none
}
