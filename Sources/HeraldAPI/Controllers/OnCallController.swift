import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// On-call rotas, their overrides and calendar feeds, and services'
/// escalation policies (issue 26). Everyone signed in (but the demo
/// account) sees who is on call; admins change rotas and policies; a
/// calendar feed is read with its secret alone, as phones' calendars
/// subscribe.
struct OnCallController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let rotas: Rotas
    let escalations: EscalationPolicies
    /// Calendar feed requests per client (where they come from: `ingress`).
    let feedBrake: FeedBrake
    let ingress: SenderAuthorization
    let refusals: RefusalMetrics
    let clock: WallClock

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("rotas", use: list)
        group.post("rotas", use: create)
        group.get("rotas/{rota_id}", use: show)
        group.put("rotas/{rota_id}", use: replace)
        group.delete("rotas/{rota_id}", use: remove)
        group.post("rotas/{rota_id}/overrides", use: addOverride)
        group.delete("rotas/{rota_id}/overrides/{override_id}", use: removeOverride)
        group.get("users/user/calendar", use: personalCalendar)
        group.post("users/user/calendar", use: renewPersonalCalendar)
        group.post("rotas/{rota_id}/feed", use: renewFeed)
        group.get("rotas/{rota_id}/owners", use: owners)
        group.post("rotas/{rota_id}/owners", use: grantOwner)
        group.delete("rotas/{rota_id}/owners/users/{user_id}", use: revokeUserOwner)
        group.delete("rotas/{rota_id}/owners/teams/{team_id}", use: revokeTeamOwner)
        group.get("calendar/{feed}", use: feed)
        group.get("services/{service_id}/escalation", use: showPolicy)
        group.put("services/{service_id}/escalation", use: replacePolicy)
        group.delete("services/{service_id}/escalation", use: removePolicy)
    }

    // MARK: wire

    struct RotaInput: Decodable {
        var name: String
        var members: [String]
        /// `days`, `weeks` or `hours`.
        var rotation_unit: String
        var rotation_length: Int
        var time_zone: String
        var starts_on: String
        var hand_off: String

        var input: Rotas.Input {
            Rotas.Input(
                name: name, members: members, unit: rotation_unit, length: rotation_length, timeZone: time_zone, startsOn: starts_on, handOff: hand_off
            )
        }
    }

    struct Person: Encodable {
        var username: String
        var from: String
        var until: String
        var covering: Bool
    }

    struct OverrideBody: Encodable {
        var id: Int64
        var username: String
        var from: String
        var until: String
    }

    struct RotaBody: Encodable {
        var id: Int64
        var name: String
        var members: [String]
        var rotation_unit: String
        var rotation_length: Int
        var time_zone: String
        var starts_on: String
        var hand_off: String
        /// Nil before the rota starts (or with nobody in it).
        var on_call_now: Person?
        var overrides: [OverrideBody]
        /// The next four weeks, for a calendar (only in a single rota's answer).
        var shifts: [Person]?
        /// The rota's iCalendar feed: only in the answer that made it (kept
        /// as a hash; `POST /rotas/{id}/feed` makes a new one).
        var feed_path: String?

        init(_ rota: StoredRota, now: Date, viewer: User, withShifts: Bool, feedSecret: String? = nil) {
            id = rota.id
            name = rota.name
            members = rota.members.map { rota.names[$0] ?? "\($0)" }
            switch rota.rotation {
            case .days(let days) where days % 7 == 0: (rotation_unit, rotation_length) = ("weeks", days / 7)
            case .days(let days): (rotation_unit, rotation_length) = ("days", days)
            case .hours(let hours): (rotation_unit, rotation_length) = ("hours", hours)
            }
            time_zone = rota.zone.name
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = rota.timeZone
            let start = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: rota.start)
            starts_on = String(format: "%04d-%02d-%02d", start.year ?? 0, start.month ?? 0, start.day ?? 0)
            hand_off = String(format: "%02d:%02d", start.hour ?? 0, start.minute ?? 0)
            let shifts = rota.rota.shifts(from: now, until: now.addingTimeInterval(Rotas.horizon))
            on_call_now = shifts.first.flatMap { shift in shift.from <= now ? Self.person(shift, rota) : nil }
            overrides = rota.overrides.map {
                OverrideBody(id: $0.id, username: rota.names[$0.userID] ?? "\($0.userID)", from: Timestamp.wireString($0.from), until: Timestamp.wireString($0.until))
            }
            self.shifts = withShifts ? shifts.map { Self.person($0, rota) } : nil
            feed_path = feedSecret.map(OnCallController.feedPath)
        }

        static func person(_ shift: OnCallRota.Shift, _ rota: StoredRota) -> Person {
            Person(
                username: rota.names[shift.userID] ?? "\(shift.userID)", from: Timestamp.wireString(shift.from), until: Timestamp.wireString(shift.until),
                covering: shift.isOverride
            )
        }
    }

    static func feedPath(_ secret: String) -> String { "/api/v2/calendar/\(secret).ics" }

    struct OverrideInput: Decodable {
        var username: String
        var from: String?
        var until: String?
    }

    struct TargetWire: Codable {
        /// `user`, `rota` or `subscribers`.
        var type: String
        var username: String?
        var rota_id: Int64?
        /// In answers: the rota's name.
        var rota_name: String?
    }

    struct StepWire: Codable {
        var targets: [TargetWire]
        var wait_seconds: Int
    }

    struct PolicyInput: Decodable {
        var steps: [StepWire]
        var repeats: Int?
        var minimum_severity: String?
    }

    struct PolicyBody: Encodable {
        var steps: [StepWire]
        var repeats: Int
        var minimum_severity: String
    }

    // MARK: rotas

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let now = clock.now()
        return JSONBody.response(try await rotas.list(for: user).map { RotaBody($0, now: now, viewer: user, withShifts: false) })
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let rota = try await rotas.rota(try Identifiers.integer(context, "rota_id"), for: user)
        return JSONBody.response(RotaBody(rota, now: clock.now(), viewer: user, withShifts: true))
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageRotas)
        let input = try await decoding.json(RotaInput.self, from: request)
        let made = try await rotas.create(input.input, by: actor, logger: context.logger)
        return JSONBody.response(RotaBody(made.rota, now: clock.now(), viewer: actor.user, withShifts: true, feedSecret: made.feedSecret), status: .created)
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let id = try Identifiers.integer(context, "rota_id")
        let actor = try await auth.actor(request, context: context, toDo: .manageRota(id))
        let input = try await decoding.json(RotaInput.self, from: request)
        let rota = try await rotas.update(id, input.input, by: actor, logger: context.logger)
        return JSONBody.response(RotaBody(rota, now: clock.now(), viewer: actor.user, withShifts: true))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await rotas.delete(try Identifiers.integer(context, "rota_id"), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func addOverride(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let id = try Identifiers.integer(context, "rota_id")
        let actor = try await auth.actor(request, context: context, toDo: .manageRota(id))
        let input = try await decoding.json(OverrideInput.self, from: request)
        var problems: [FieldProblem] = []
        for (field, text) in [("from", input.from), ("until", input.until)] where text != nil && Timestamp.parse(text ?? "") == nil {
            problems.append(FieldProblem(field: field, message: "Input should be a valid datetime (RFC 3339)", type: "datetime_from_date_parsing"))
        }
        guard problems.isEmpty else { throw UseCaseError.rejected(problems) }
        let override = try await rotas.addOverride(
            to: id, username: input.username, from: input.from.flatMap(Timestamp.parse), until: input.until.flatMap(Timestamp.parse), by: actor,
            logger: context.logger
        )
        return JSONBody.response(
            OverrideBody(id: override.id, username: input.username, from: Timestamp.wireString(override.from), until: Timestamp.wireString(override.until)),
            status: .created
        )
    }

    @Sendable func removeOverride(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await rotas.removeOverride(
            try Identifiers.integer(context, "override_id"), from: try Identifiers.integer(context, "rota_id"), by: actor, logger: context.logger
        )
        return JSONBody.noContent()
    }

    // MARK: owners

    struct OwnerBody: Encodable {
        var user_id: Int64?
        var username: String?
        var team_id: Int64?
        var team_name: String?

        init(_ owner: RotaOwner) {
            switch owner.grantee {
            case .user(let id): (user_id, username) = (id, owner.granteeName)
            case .team(let id): (team_id, team_name) = (id, owner.granteeName)
            }
        }
    }

    struct OwnerInput: Decodable {
        var username: String?
        var team_id: Int64?
    }

    @Sendable func owners(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        return JSONBody.response(try await rotas.owners(of: try Identifiers.integer(context, "rota_id"), for: actor).map(OwnerBody.init))
    }

    @Sendable func grantOwner(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let id = try Identifiers.integer(context, "rota_id")
        let actor = try await auth.actor(request, context: context, toDo: .manageRota(id))
        let input = try await decoding.json(OwnerInput.self, from: request)
        let grantee = try GranteeName(username: input.username, teamID: input.team_id)
        return JSONBody.response(OwnerBody(try await rotas.grantOwner(of: id, to: grantee, by: actor, logger: context.logger)), status: .created)
    }

    @Sendable func revokeUserOwner(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let grantee = Grantee.user(try Identifiers.integer(context, "user_id"))
        try await rotas.revokeOwner(of: try Identifiers.integer(context, "rota_id"), from: grantee, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func revokeTeamOwner(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let grantee = Grantee.team(try Identifiers.integer(context, "team_id"))
        try await rotas.revokeOwner(of: try Identifiers.integer(context, "rota_id"), from: grantee, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    // MARK: calendars

    struct CalendarBody: Encodable {
        /// Only in the answer that made it: it is kept as a hash.
        var feed_path: String?
        var has_feed: Bool
    }

    /// Whether the signed-in person has an address for their own feed
    /// (their shifts on every rota); the address itself is shown once.
    @Sendable func personalCalendar(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(CalendarBody(feed_path: nil, has_feed: try await rotas.hasPersonalFeed(user)))
    }

    /// A new address for the person's own feed; the old one stops working.
    @Sendable func renewPersonalCalendar(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let secret = try await rotas.renewPersonalFeed(of: user, logger: context.logger)
        return JSONBody.response(CalendarBody(feed_path: Self.feedPath(secret), has_feed: true), status: .created)
    }

    /// A new address for a rota's feed (an admin's); the old one stops working.
    @Sendable func renewFeed(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let secret = try await rotas.renewFeed(of: try Identifiers.integer(context, "rota_id"), by: actor, logger: context.logger)
        return JSONBody.response(CalendarBody(feed_path: Self.feedPath(secret), has_feed: true), status: .created)
    }

    /// A feed by its secret (no sign-in: a phone's calendar cannot sign
    /// in), braked per client (FEED_REQUESTS_PER_MINUTE): an address is
    /// not guessed by asking.
    @Sendable func feed(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        try feedBrake.take(client: ingress.client(of: request, context: context), refusals: refusals)
        var secret = context.parameters.get("feed") ?? ""
        if secret.hasSuffix(".ics") { secret.removeLast(4) }
        guard let body = try await rotas.feed(secret: secret) else { throw UseCaseError.notFound("Calendar") }
        var headers = HTTPFields()
        headers[.contentType] = "text/calendar; charset=utf-8"
        // The address is the secret: keep it out of shared caches.
        headers[.cacheControl] = "private, max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    // MARK: escalation policies

    @Sendable func showPolicy(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        // No policy: no steps (nothing escalates), as the write-back says `none`.
        guard let shown = try await escalations.policy(of: try Identifiers.serviceID(context), for: actor) else {
            return JSONBody.response(PolicyBody(steps: [], repeats: 0, minimum_severity: Severity.critical.rawValue))
        }
        return JSONBody.response(Self.body(shown.policy, users: shown.users, rotas: shown.rotas))
    }

    @Sendable func replacePolicy(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.escalation, of: serviceID))
        let input = try await decoding.json(PolicyInput.self, from: request)
        var problems: [FieldProblem] = []
        let steps = input.steps.enumerated().map { index, step in
            EscalationPolicies.StepInput(
                targets: step.targets.enumerated().compactMap { position, target in
                    let field = "steps.\(index).targets.\(position)"
                    switch (target.type, target.username, target.rota_id) {
                    case ("user", let username?, _): return .user(username: username)
                    case ("rota", _, let id?): return .rota(id: id)
                    case ("subscribers", _, _): return .subscribers
                    case ("user", nil, _): problems.append(FieldProblem(field: "\(field).username", message: "A user target names its username", type: "missing"))
                    case ("rota", _, nil): problems.append(FieldProblem(field: "\(field).rota_id", message: "A rota target names its rota_id", type: "missing"))
                    default: problems.append(FieldProblem(field: "\(field).type", message: "A target is a user, a rota or the subscribers", type: "enum"))
                    }
                    return nil
                },
                waitSeconds: step.wait_seconds
            )
        }
        guard problems.isEmpty else { throw UseCaseError.rejected(problems) }
        let shown = try await escalations.set(
            steps: steps, repeats: input.repeats ?? 0, minimumSeverity: input.minimum_severity, on: serviceID, by: actor, logger: context.logger
        )
        return JSONBody.response(Self.body(shown.policy, users: shown.users, rotas: shown.rotas))
    }

    @Sendable func removePolicy(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await escalations.remove(try Identifiers.serviceID(context), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    static func body(_ policy: EscalationPolicy, users: [UserID: String], rotas: [Int64: String]) -> PolicyBody {
        PolicyBody(
            steps: policy.steps.map { step in
                StepWire(
                    targets: step.targets.map { target in
                        switch target {
                        case .user(let id): TargetWire(type: "user", username: users[id] ?? "\(id)")
                        case .rota(let id): TargetWire(type: "rota", rota_id: id, rota_name: rotas[id])
                        case .subscribers: TargetWire(type: "subscribers")
                        }
                    },
                    wait_seconds: step.waitSeconds
                )
            },
            repeats: policy.repeats, minimum_severity: policy.minimumSeverity.rawValue
        )
    }
}
