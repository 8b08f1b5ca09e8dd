import Foundation
import HeraldCore
import HeraldPublishing
import Logging

/// "Call the RF expert now" (issue 41): a page to a team or a rota, from
/// the API and the on-call pages alike. `PagePlan` decides how it reaches
/// people; this use case reads what the plan needs, sets up the target's
/// page service, and posts the page through the `Publisher`, so it is
/// delivered, escalated, acknowledged and reported like any alarm. Who may
/// page is a role (`AccessAction.page`). Everything a page could be refused
/// for is checked before anything is made or changed; each page is one
/// audit entry; each person sends `perMinute` a minute (one page may call a
/// team of hundreds).
public struct Pages: Sendable {
    public typealias Store = AccessStore & AccountStore & ServiceStore & FilterStore & RotaStore & EscalationStore & AuditStore

    /// Pages one person may send a minute through one replica, whatever the way in.
    public static let perMinute = 6

    let store: any Store
    let publisher: Publisher
    let clock: WallClock
    let audit: AuditTrail
    let subscriptions: TeamSubscriptions
    /// ESCALATION_MIN_WAIT_SECONDS: the shortest wait a rota's page gives.
    let minimumWait: Int
    /// ESCALATION_MAX_CALLS: a rota's page names no more people than this.
    let maximumCalls: Int
    /// ESCALATION_STARTS_PER_MINUTE (0: no limit): past it a page's
    /// escalation would be held back, and a rota's page reach nobody, so the
    /// page is refused instead (429), for its sender to know.
    let startsPerMinute: Int
    /// The brake, per process: each replica lets a person `perMinute` pages a minute.
    let buckets = KeyedBuckets<UserID>(perSecond: Double(Pages.perMinute) / 60, burst: Pages.perMinute)
    /// Whether a service is a page service, kept 5 s per service: asked for
    /// every post (a page service's id is new when made, so a service never
    /// turns into one under a cached "no").
    private let pageServiceFlags = KeyedCache<UUID, Bool>(ttl: 5, capacity: 10_000)

    public init(store: any Store, publisher: Publisher, clock: WallClock, minimumWait: Int = 0, maximumCalls: Int = .max, startsPerMinute: Int = 0) {
        self.store = store
        self.publisher = publisher
        self.clock = clock
        self.minimumWait = minimumWait
        self.maximumCalls = maximumCalls
        self.startsPerMinute = startsPerMinute
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

    public func page(_ target: PageTarget, title: String, severity: String?, message: String?, by actor: Actor, logger: Logger) async throws -> Sent {
        // Who may, first: an unknown target is answered as a known one to whoever may not page it.
        let existing = try await store.pageService(of: target)
        try actor.must(.page(target, service: existing))
        let found = try await self.target(target)
        let request = try Self.request(title: title, severity: severity, message: message)
        let draft = try await Schedules.answer { try publisher.checked(PagePlan.draft(request, from: actor.username), asOf: clock.now(), from: .page) }
        if case .team(let team, let members) = found, members.isEmpty {
            throw UseCaseError.conflict("The team \(team.name) has no members: nobody would be paged")
        }
        if case .rota(let rota) = found {
            // Nobody a page could call (no members left, or none active): told so, not a 201 that rings nobody.
            let people = Set(PagePlan.rotaPolicy(rota, now: clock.now()).steps.flatMap(\.targets).compactMap { target -> UserID? in
                if case .user(let id) = target { return id }
                return nil
            })
            guard try await store.users(ids: Array(people)).contains(where: \.isActive) else { throw UseCaseError.conflict("Nobody on the rota \(rota.name) can be called: it has no active member") }
        }
        try takeBrake(actor)
        let now = clock.now()
        let (serviceID, made) = try await pageService(of: target, named: found.name, existing: existing)
        if startsPerMinute > 0, try await store.escalationsStarted(serviceID: serviceID, since: now.addingTimeInterval(-60)) >= startsPerMinute {
            throw UseCaseError.braked(
                retryAfter: 60, "This \(target.kind) was paged \(startsPerMinute) times in the last minute (ESCALATION_STARTS_PER_MINUTE): another page would call nobody"
            )
        }
        var sent = Sent(notification: NotificationRecord(id: 0, serviceID: serviceID, timestamp: now, draft: draft), serviceID: serviceID)
        var changed: [String: String] = made ? ["page_service": "made"] : [:]
        switch found {
        case .team(let team, let members):
            try await prepare(team: team.id, service: serviceID, members: members)
            sent.members = members.count
        case .rota(let rota):
            let grants = try await prepare(rota: rota, service: serviceID, now: now)
            if !grants.granted.isEmpty { changed["responders_granted"] = grants.granted.joined(separator: ", ") }
            if !grants.revoked.isEmpty { changed["responders_revoked"] = grants.revoked.joined(separator: ", ") }
            sent.onCall = rota.rota.onCall(at: now).flatMap { rota.names[$0] }
        }
        sent.notification = try await Schedules.answer { try await publisher.publish(draft, to: serviceID, from: .page) }
        logger.info(
            "page sent",
            metadata: ["target": "\(target.kind) \(target.id)", "notification": "\(sent.notification.id)", "severity": "\(request.severity.rawValue)", "by": "\(actor.username)"]
        )
        await audit.record(
            .pageSent, by: actor.auditWho, service: serviceID, target: "\(target.kind) \(found.name)",
            after: AuditTrail.json(changed.merging(["title": request.title, "severity": request.severity.rawValue, "notification": "\(sent.notification.id)"]) { a, _ in a }),
            logger: logger
        )
        return sent
    }

    /// Makes the target's page service ready without paging (an admin's, or
    /// a rota's owners'): then its publisher role can be granted, and its
    /// waits set, before the first page.
    public func preparePageService(of target: PageTarget, by actor: Actor, logger: Logger) async throws -> UUID {
        switch target {
        case .team: try actor.must(.manageTeams)
        case .rota(let id): try actor.must(.manageRota(id))
        }
        let found = try await self.target(target)
        let (serviceID, made) = try await pageService(of: target, named: found.name, existing: try await store.pageService(of: target))
        var changed: [String: String] = [:]
        switch found {
        case .team(let team, let members):
            try await prepare(team: team.id, service: serviceID, members: members)
        case .rota(let rota):
            let grants = try await prepare(rota: rota, service: serviceID, now: clock.now())
            if !grants.granted.isEmpty { changed["responders_granted"] = grants.granted.joined(separator: ", ") }
            if !grants.revoked.isEmpty { changed["responders_revoked"] = grants.revoked.joined(separator: ", ") }
        }
        if made || !changed.isEmpty {
            logger.info("page service made ready", metadata: ["target": "\(target.kind) \(found.name)", "made": "\(made)", "by": "\(actor.username)"])
            await audit.record(
                made ? .serviceCreated : .serviceChanged, by: actor.auditWho, service: serviceID, target: "page service of \(target.kind) \(found.name)",
                after: AuditTrail.json(changed), logger: logger
            )
        }
        return serviceID
    }

    /// Whether the actor may page the target (what the pages offer).
    public func mayPage(_ target: PageTarget, actor: Actor) async throws -> Bool {
        actor.may(.page(target, service: try await store.pageService(of: target)))
    }

    /// The teams, of `teams`, the actor may page: one read of every page service.
    public func pageable(_ teams: [Team], by actor: Actor) async throws -> [Team] {
        let links = try await store.pageServices()
        return teams.filter { actor.may(.page(.team($0.id), service: links[.team($0.id)])) }
    }

    /// Whether a service is a team's or a rota's page service: it takes
    /// pages only, never a sender's post (which would skip who may page,
    /// the brake and the audit).
    public func isPageService(_ serviceID: UUID) async throws -> Bool {
        try await pageServiceFlags.value(of: serviceID, now: clock.now()) { try await store.isPageService($0) }
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
        if let message, let problem = TextRules.problem(message, maxLength: PagePlan.maxMessageLength) {
            problems.append(FieldProblem(field: "message", message: problem.message, type: problem.type))
        }
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(FieldProblem(field: "title", message: "A page needs a title: what is wrong", type: "missing"))
        }
        guard problems.isEmpty else { throw UseCaseError.rejected(problems) }
        return PageRequest(title: title, severity: level, message: message)
    }

    /// One page per `perMinute` a minute, per replica (a page is refused
    /// before anything is made).
    private func takeBrake(_ actor: Actor) throws {
        if let wait = buckets.take(actor.id, now: clock.now()) {
            throw UseCaseError.braked(retryAfter: wait, "At most \(Self.perMinute) pages a minute: try again in \(wait) seconds")
        }
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

    /// The target's page service, made the first time (`made`). Two
    /// replicas making one at once each make a service; the one linked first
    /// is kept and the other deleted. A target deleted before the link is
    /// answered as not found, and the new service deleted; one deleted just
    /// after it (a page racing the deletion) leaves the service behind as a
    /// private service with no roles, for an admin to delete.
    private func pageService(of target: PageTarget, named name: String, existing: UUID?) async throws -> (UUID, made: Bool) {
        if let existing { return (existing, false) }
        let made = try await store.createService(PagePlan.serviceDraft(for: target, named: name))
        let linked: UUID?
        do {
            linked = try await store.linkPageService(made.id, to: target)
        } catch {
            _ = try? await store.deleteService(id: made.id)
            // The target went while the link was made (its foreign key refused it).
            if (try? await self.target(target)) == nil { throw UseCaseError.notFound(target.kind == "team" ? "Team" : "Rota") }
            throw error
        }
        guard let linked, linked == made.id else {
            _ = try await store.deleteService(id: made.id)
            guard let linked else { throw UseCaseError.notFound(target.kind == "team" ? "Team" : "Rota") }
            return (linked, false)
        }
        return (made.id, true)
    }

    /// A team's page service as `PagePlan` says: the team answers for it,
    /// its members are subscribed, it escalates (`teamPolicy` unless it has
    /// a policy), and the team must receive it. The mandatory rule is set
    /// last, so a page that finds it (and a policy) finds the rest done and
    /// only reads; a page after a crash half way through the first, or
    /// racing it on another replica, does what is missing (each step is no
    /// change when done). Later joiners are subscribed as they join (the
    /// rule's `settle`).
    private func prepare(team teamID: TeamID, service serviceID: UUID, members: [TeamMember]) async throws {
        try await keepPrivate(serviceID)
        let ruled = try await store.teamSubscriptions(serviceID: serviceID).contains { $0.teamID == teamID && $0.mandatory }
        let policy = try await store.escalationPolicy(serviceID: serviceID)
        if ruled, policy != nil { return }
        let now = clock.now()
        _ = try await store.grantRole(.responder, of: serviceID, to: .team(teamID), at: now)
        // What `TeamSubscriptions.settle` makes of a service the team must
        // receive and answers for, in one statement rather than a round of
        // reads per member.
        try await store.subscribe(userIDs: Set(members.map(\.userID)), to: serviceID)
        if policy == nil { _ = try await store.setEscalationPolicy(serviceID: serviceID, PagePlan.teamPolicy, at: now) }
        _ = try await store.setTeamSubscription(serviceID: serviceID, teamID: teamID, mandatory: true, at: now)
    }

    /// A page service is private whatever was done to it by hand: its pages
    /// are for the team's or rota's people only.
    private func keepPrivate(_ serviceID: UUID) async throws {
        if try await store.service(id: serviceID)?.isPrivate == false {
            _ = try await store.updateService(id: serviceID, ServicePatch(isPrivate: true))
            try await subscriptions.settleSubscribers(of: serviceID)
        }
    }

    /// A rota's page service as the rota is now: its people hold its
    /// responder role (and so see and take its pages), and its policy calls
    /// the person on call, then the others in turn, with the service's own
    /// wait. Answers whose grants changed, by name, for the audit entry.
    private func prepare(rota: StoredRota, service serviceID: UUID, now: Date) async throws -> (granted: [String], revoked: [String]) {
        try await keepPrivate(serviceID)
        let grants = try await store.roleGrants(serviceID: serviceID)
        let current = Set(grants.compactMap { grant -> UserID? in
            guard grant.role == .responder, case .user(let id) = grant.grantee else { return nil }
            return id
        })
        let changes = PagePlan.responderChanges(current: current, wanted: PagePlan.rotaResponders(rota, now: now))
        for id in changes.grant { _ = try await store.grantRole(.responder, of: serviceID, to: .user(id), at: now) }
        for id in changes.revoke { _ = try await store.revokeRole(.responder, of: serviceID, from: .user(id)) }
        if !changes.revoke.isEmpty { try await subscriptions.settleSubscribers(of: serviceID) }
        let wait = PagePlan.rotaWait(current: try await store.escalationPolicy(serviceID: serviceID), minimumWait: minimumWait)
        _ = try await store.setEscalationPolicy(serviceID: serviceID, PagePlan.rotaPolicy(rota, now: now, wait: wait, maximumCalls: maximumCalls), at: now)
        let names = Dictionary(grants.compactMap { grant -> (UserID, String)? in
            guard case .user(let id) = grant.grantee else { return nil }
            return (id, grant.granteeName)
        }) { first, _ in first }
        return (
            changes.grant.map { rota.names[$0] ?? "user \($0)" }.sorted(),
            changes.revoke.map { names[$0] ?? "user \($0)" }.sorted()
        )
    }
}
