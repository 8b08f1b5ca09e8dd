import Foundation
import HeraldCore
import HeraldPublishing
import Logging

/// "Call the RF expert now" (issue 41): a page to a team or a rota, from
/// the API and the on-call and team pages alike. `PagePlan` decides how it
/// reaches people; this use case reads what the plan needs, makes the
/// target's page service the first time, and posts the page through the
/// `Publisher`, so it is delivered, escalated, acknowledged and reported
/// like any alarm. Who may page is a role (`AccessAction.page`); each page
/// is audited, and each person may send `perMinute` a minute (one page
/// may call a team of hundreds).
public struct Pages: Sendable {
    public typealias Store = AccessStore & AccountStore & ServiceStore & RotaStore & EscalationStore & AuditStore

    /// Pages one person may send a minute, whatever the way in.
    public static let perMinute = 6
    public static let maxMessageLength = 1_000
    /// The longest a rota's page lets each person take to answer.
    public static let maxWaitSeconds = 3_600

    let store: any Store
    let publisher: Publisher
    let clock: WallClock
    /// ESCALATION_MIN_WAIT_SECONDS: the shortest wait a page may ask for.
    let minimumWait: Int
    /// ESCALATION_STARTS_PER_MINUTE (0: no limit): past it a page's
    /// escalation would be held back, and a rota's page reach nobody, so the
    /// page is refused instead (429), for its sender to know.
    let startsPerMinute: Int
    let audit: AuditTrail
    let subscriptions: TeamSubscriptions
    let buckets = KeyedBuckets<UserID>(perSecond: Double(Pages.perMinute) / 60, burst: Pages.perMinute)

    public init(store: any Store, publisher: Publisher, clock: WallClock, minimumWait: Int = 0, startsPerMinute: Int = 0) {
        self.minimumWait = minimumWait
        self.startsPerMinute = startsPerMinute
        self.store = store
        self.publisher = publisher
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        subscriptions = TeamSubscriptions(store: store, clock: clock)
    }

    /// What a page did: the notification, its page service, and whom it
    /// calls first (a rota's person on call; a team's members).
    public struct Sent: Sendable, Equatable {
        public var notification: NotificationRecord
        public var serviceID: UUID
        public var onCall: String?
        public var members: Int?
    }

    /// `waitSeconds` (a rota's page only): how long each person has to
    /// answer before the next is called (`PagePlan.rotaWaitSeconds` unless
    /// said); a team's page escalates by its page service's policy.
    public func page(
        _ target: PageTarget, title: String, severity: String?, message: String?, waitSeconds: Int? = nil, by actor: Actor, logger: Logger
    ) async throws -> Sent {
        let found = try await self.target(target)
        try actor.must(.page(target, service: try await store.pageService(of: target)))
        let request = try Self.request(title: title, severity: severity, message: message)
        if let waitSeconds {
            if case .team = target {
                throw UseCaseError.invalid(field: "wait_seconds", "A team's page escalates by its page service's policy; wait_seconds is for a rota's page")
            }
            guard (max(minimumWait, 1)...Self.maxWaitSeconds).contains(waitSeconds) else {
                throw UseCaseError.invalid(field: "wait_seconds", "Between \(max(minimumWait, 1)) (ESCALATION_MIN_WAIT_SECONDS) and \(Self.maxWaitSeconds) seconds")
            }
        }
        if let wait = buckets.take(actor.id, now: clock.now()) {
            throw UseCaseError.braked(retryAfter: wait, "At most \(Self.perMinute) pages a minute: try again in \(wait) seconds")
        }
        let now = clock.now()
        var sent = Sent(notification: NotificationRecord(id: 0, serviceID: UUID(), timestamp: now, draft: NotificationDraft(title: "")), serviceID: UUID())
        switch found {
        case .team(let team, let members):
            guard !members.isEmpty else { throw UseCaseError.conflict("The team \(team.name) has no members: nobody would be paged") }
            sent.serviceID = try await pageService(of: target, named: team.name, logger: logger)
            sent.members = members.count
        case .rota(let rota):
            sent.serviceID = try await pageService(of: target, named: rota.name, logger: logger)
            try await prepare(rota, service: sent.serviceID, wait: waitSeconds ?? PagePlan.rotaWaitSeconds, now: now)
            sent.onCall = rota.rota.onCall(at: now).flatMap { rota.names[$0] }
        }
        if startsPerMinute > 0, try await store.escalationsStarted(serviceID: sent.serviceID, since: now.addingTimeInterval(-60)) >= startsPerMinute {
            throw UseCaseError.braked(
                retryAfter: 60, "This \(target.kind) was paged \(startsPerMinute) times in the last minute (ESCALATION_STARTS_PER_MINUTE): another page would call nobody"
            )
        }
        sent.notification = try await Schedules.answer {
            try await publisher.publish(PagePlan.draft(request, from: actor.username), to: sent.serviceID, from: .page)
        }
        logger.info(
            "page sent",
            metadata: ["target": "\(target.kind) \(target.id)", "notification": "\(sent.notification.id)", "severity": "\(request.severity.rawValue)", "by": "\(actor.username)"]
        )
        await audit.record(
            .pageSent, by: actor.auditWho, service: sent.serviceID, target: "\(target.kind) \(found.name)",
            after: AuditTrail.json(["title": request.title, "severity": request.severity.rawValue, "notification": "\(sent.notification.id)"]), logger: logger
        )
        return sent
    }

    /// Whether the actor may page the target (what the pages offer).
    public func mayPage(_ target: PageTarget, actor: Actor) async throws -> Bool {
        actor.may(.page(target, service: try await store.pageService(of: target)))
    }

    /// The target's page service, if it was ever paged (admins grant its
    /// publisher role there: who may page).
    public func pageService(of target: PageTarget) async throws -> UUID? {
        try await store.pageService(of: target)
    }

    /// The page's words as the rules keep them, or every problem at once.
    static func request(title: String, severity: String?, message: String?) throws -> PageRequest {
        var problems: [FieldProblem] = []
        var level = Severity.critical
        if let severity {
            if let known = Severity(parsing: severity) {
                level = known
            } else {
                problems.append(FieldProblem(field: "severity", message: "One of \(Severity.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
        }
        let message = message.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        if let message, let problem = TextRules.problem(message, maxLength: maxMessageLength) {
            problems.append(FieldProblem(field: "message", message: problem.message, type: problem.type))
        }
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(FieldProblem(field: "title", message: "A page needs a title: what is wrong", type: "missing"))
        }
        guard problems.isEmpty else { throw UseCaseError.rejected(problems) }
        return PageRequest(title: title, severity: level, message: message)
    }

    /// A target as read for a page.
    enum Found {
        case team(Team, members: [TeamMember])
        case rota(StoredRota)

        var name: String {
            switch self {
            case .team(let team, _): team.name
            case .rota(let rota): rota.name
            }
        }
    }

    private func target(_ target: PageTarget) async throws -> Found {
        switch target {
        case .team(let id):
            guard let team = try await store.team(id: id) else { throw UseCaseError.notFound("Team") }
            return .team(team, members: try await store.teamMembers(teamID: id))
        case .rota(let id):
            guard let rota = try await store.rota(id: id) else { throw UseCaseError.notFound("Rota") }
            return .rota(rota)
        }
    }

    /// The target's page service, made the first time: a private service
    /// that a team receives (its members, mandatorily) and answers for, with
    /// `PagePlan.teamPolicy`; a rota's is set up at each page (`prepare`).
    /// Two replicas paging a new target at once each make one; the one
    /// linked first is kept and the other deleted.
    private func pageService(of target: PageTarget, named name: String, logger: Logger) async throws -> UUID {
        if let existing = try await store.pageService(of: target) { return existing }
        let made = try await store.createService(PagePlan.serviceDraft(for: target, named: name))
        guard let linked = try await store.linkPageService(made.id, to: target) else {
            _ = try await store.deleteService(id: made.id)
            throw UseCaseError.notFound(target.kind == "team" ? "Team" : "Rota")
        }
        guard linked == made.id else {
            _ = try await store.deleteService(id: made.id)
            return linked
        }
        let now = clock.now()
        if case .team(let teamID) = target {
            _ = try await store.grantRole(.responder, of: made.id, to: .team(teamID), at: now)
            _ = try await store.setTeamSubscription(serviceID: made.id, teamID: teamID, mandatory: true, at: now)
            _ = try await store.setEscalationPolicy(serviceID: made.id, PagePlan.teamPolicy, at: now)
            // What `TeamSubscriptions.settle` would make of a new service the team
            // must receive and answers for: every member subscribed (and
            // nothing else changed), in one statement rather than a round of
            // reads per member; later joiners are settled as they join.
            try await store.subscribe(userIDs: Set(try await store.teamMembers(teamID: teamID).map(\.userID)), to: made.id)
        }
        logger.info("page service made", metadata: ["target": "\(target.kind) \(name)", "service": "\(made.id.wireString)"])
        return made.id
    }

    /// A rota's page service as the rota is now: its people hold its
    /// responder role (and so see and take its pages), and its policy calls
    /// the person on call, then the others in turn.
    private func prepare(_ rota: StoredRota, service serviceID: UUID, wait: Int, now: Date) async throws {
        let current = Set(try await store.roleGrants(serviceID: serviceID).compactMap { grant -> UserID? in
            guard grant.role == .responder, case .user(let id) = grant.grantee else { return nil }
            return id
        })
        let changes = PagePlan.responderChanges(current: current, wanted: PagePlan.rotaResponders(rota, now: now))
        for id in changes.grant { _ = try await store.grantRole(.responder, of: serviceID, to: .user(id), at: now) }
        for id in changes.revoke { _ = try await store.revokeRole(.responder, of: serviceID, from: .user(id)) }
        if !changes.revoke.isEmpty { try await subscriptions.settleSubscribers(of: serviceID) }
        _ = try await store.setEscalationPolicy(serviceID: serviceID, PagePlan.rotaPolicy(rota, now: now, wait: wait), at: now)
    }
}
