import Foundation
import HeraldCore
import Logging

/// On-call rotas (issue 26), as admins make them and everyone reads them:
/// checked once for the API, the pages and any later way in, with an audit
/// line naming who. Members are named by username; the demo account, which
/// anyone may sign in as, is never on call.
public struct Rotas: Sendable {
    /// What a client sends to make or change a rota.
    public struct Input: Sendable, Equatable {
        public var name: String
        public var members: [String]
        /// `days`, `weeks` or `hours`.
        public var unit: String
        public var length: Int
        public var timeZone: String
        /// The local day the first turn begins (`2026-11-30`).
        public var startsOn: String
        /// The local time turns hand over (`09:00`).
        public var handOff: String

        public init(name: String, members: [String], unit: String, length: Int, timeZone: String, startsOn: String, handOff: String) {
            self.name = name
            self.members = members
            self.unit = unit
            self.length = length
            self.timeZone = timeZone
            self.startsOn = startsOn
            self.handOff = handOff
        }
    }

    public static let maxRotas = 500
    public static let maxMembers = 100
    public static let maxOverrides = 500
    /// How far ahead a calendar is drawn or fed.
    public static let horizon: TimeInterval = 28 * 86_400

    let store: any RotaStore & EscalationStore & AccountStore & AccessStore & ServiceStore
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail
    /// Confined accounts (the demo account, untrusted realms' logins) see no
    /// rota and nobody on call.
    let visibility: ServiceVisibility

    public init(store: any RotaStore & EscalationStore & AccountStore & AccessStore & AuditStore & ServiceStore, clock: WallClock, visibility: ServiceVisibility = ServiceVisibility(demo: nil)) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        self.visibility = visibility
    }

    public func list(for user: User) async throws -> [StoredRota] {
        try readable(by: user)
        return try await store.rotas()
    }

    public func rota(_ id: Int64, for user: User) async throws -> StoredRota {
        try readable(by: user)
        guard let rota = try await store.rota(id: id) else { throw UseCaseError.notFound("Rota") }
        return rota
    }

    /// A rota as made, with its feed's secret: shown this once (only its hash is kept).
    public typealias Made = (rota: StoredRota, feedSecret: String)

    public func create(_ input: Input, by actor: Actor, logger: Logger) async throws -> Made {
        try actor.must(.manageRotas)
        let definition = try await validated(input)
        guard try await store.rotas().count < Self.maxRotas else {
            throw UseCaseError.overLimit(field: "name", "A site keeps at most \(Self.maxRotas) rotas")
        }
        let secret = FeedSecret.make()
        guard let rota = try await store.createRota(definition, feedSecretHash: FeedSecret.hash(secret), at: clock.now()) else {
            throw UseCaseError.conflict("A rota is already called \(definition.name)")
        }
        logger.info("rota created", metadata: ["rota": "\(rota.id)", "name": "\(rota.name)", "by": "\(actor.username)"])
        await audit.record(.rotaCreated, by: actor.auditWho, target: "rota \(rota.name)", after: Self.snapshot(rota), logger: logger)
        return (rota, secret)
    }

    /// A new address for the rota's feed (an admin's): the old one stops
    /// working. The secret is shown this once.
    public func renewFeed(of id: Int64, by actor: Actor, logger: Logger) async throws -> String {
        try actor.must(.manageRota(id))
        let secret = FeedSecret.make()
        guard try await store.setRotaFeedSecret(rotaID: id, hash: FeedSecret.hash(secret)) else { throw UseCaseError.notFound("Rota") }
        logger.info("rota feed address renewed", metadata: ["rota": "\(id)", "by": "\(actor.username)"])
        await audit.record(.rotaFeedRenewed, by: actor.auditWho, target: "rota \(id)", logger: logger)
        return secret
    }

    public func update(_ id: Int64, _ input: Input, by actor: Actor, logger: Logger) async throws -> StoredRota {
        try actor.must(.manageRota(id))
        let definition = try await validated(input)
        let before = try await store.rota(id: id)
        do {
            guard let rota = try await store.updateRota(id: id, definition, at: clock.now()) else { throw UseCaseError.notFound("Rota") }
            logger.info("rota changed", metadata: ["rota": "\(id)", "name": "\(rota.name)", "by": "\(actor.username)"])
            await audit.record(.rotaChanged, by: actor.auditWho, target: "rota \(rota.name)", before: before.map(Self.snapshot), after: Self.snapshot(rota), logger: logger)
            return rota
        } catch is RotaNameTaken {
            throw UseCaseError.conflict("A rota is already called \(definition.name)")
        }
    }

    /// Refused while an escalation policy calls it: the policy would call nobody.
    public func delete(_ id: Int64, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manageRota(id))
        // The rota's own page service goes with it, whatever its policy names
        // (a page names people; an admin may have made it name the rota).
        let pageService = try await store.pageService(of: .rota(id))
        let callers = try await store.services(callingRota: id).filter { $0 != pageService }
        guard callers.isEmpty else {
            throw UseCaseError.conflict(
                "The escalation policies of \(callers.count) service(s) call this rota; change them first (\(callers.map(\.wireString).sorted().joined(separator: ", ")))"
            )
        }
        let before = try await store.rota(id: id)
        guard try await store.deleteRota(id: id) else { throw UseCaseError.notFound("Rota") }
        if let pageService { _ = try await store.deleteService(id: pageService) }
        logger.info("rota deleted", metadata: ["rota": "\(id)", "by": "\(actor.username)"])
        await audit.record(.rotaDeleted, by: actor.auditWho, target: "rota \(before?.name ?? "\(id)")", before: before.map(Self.snapshot), logger: logger)
    }

    /// Someone covers for the rota from `from` until `until`.
    public func addOverride(to id: Int64, username: String, from: Date?, until: Date?, by actor: Actor, logger: Logger) async throws -> StoredRota.Override {
        try actor.must(.manageRota(id))
        guard let rota = try await store.rota(id: id) else { throw UseCaseError.notFound("Rota") }
        var problems: [FieldProblem] = []
        let person = try await callable(username, field: "username", problems: &problems)
        if let from, let until {
            if until <= from {
                problems.append(FieldProblem(field: "until", message: "An override ends after it begins"))
            } else if until.timeIntervalSince(from) > 366 * 86_400 {
                problems.append(FieldProblem(field: "until", message: "An override lasts at most 366 days; change the rota itself for longer"))
            } else if until <= clock.now() {
                problems.append(FieldProblem(field: "until", message: "That override would already be over"))
            }
        } else {
            if from == nil { problems.append(FieldProblem(field: "from", message: "When the cover begins, as an RFC 3339 time", type: "missing")) }
            if until == nil { problems.append(FieldProblem(field: "until", message: "When the cover ends, as an RFC 3339 time", type: "missing")) }
        }
        guard problems.isEmpty, let person, let from, let until else { throw UseCaseError.rejected(problems) }
        guard rota.overrides.count < Self.maxOverrides else {
            throw UseCaseError.overLimit(field: "from", "A rota keeps at most \(Self.maxOverrides) overrides; remove past ones first")
        }
        guard let override = try await store.addOverride(rotaID: id, userID: person.id, from: from, until: until, at: clock.now()) else {
            throw UseCaseError.notFound("Rota")
        }
        logger.info("rota override added", metadata: ["rota": "\(id)", "covering": "\(person.username)", "by": "\(actor.username)"])
        await audit.record(
            .overrideAdded, by: actor.auditWho, target: "rota \(rota.name)",
            after: AuditTrail.json(["covering": person.username, "from": Timestamp.wireString(from), "until": Timestamp.wireString(until)]), logger: logger
        )
        return override
    }

    public func removeOverride(_ overrideID: Int64, from id: Int64, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manageRota(id))
        let rota = try await store.rota(id: id)
        let override = rota?.overrides.first { $0.id == overrideID }
        guard try await store.removeOverride(rotaID: id, overrideID: overrideID) else { throw UseCaseError.notFound("Override") }
        logger.info("rota override removed", metadata: ["rota": "\(id)", "override": "\(overrideID)", "by": "\(actor.username)"])
        await audit.record(
            .overrideRemoved, by: actor.auditWho, target: "rota \(rota?.name ?? "\(id)")",
            before: override.map { AuditTrail.json(["covering": rota?.names[$0.userID] ?? "\($0.userID)", "from": Timestamp.wireString($0.from), "until": Timestamp.wireString($0.until)]) },
            logger: logger
        )
    }

    // MARK: owners (issue 41: a team runs its own rota)

    public func owners(of id: Int64, for actor: Actor) async throws -> [RotaOwner] {
        try actor.must(.manageRota(id))
        guard try await store.rota(id: id) != nil else { throw UseCaseError.notFound("Rota") }
        return try await store.rotaOwners(rotaID: id)
    }

    /// Makes a person (by username) or a team an owner of the rota.
    public func grantOwner(of id: Int64, to grantee: GranteeName, by actor: Actor, logger: Logger) async throws -> RotaOwner {
        try actor.must(.manageRota(id))
        let (resolved, name) = try await grantee.resolve(in: store, visibility: visibility)
        guard try await store.grantRotaOwner(rotaID: id, to: resolved, at: clock.now()) else { throw UseCaseError.notFound("Rota") }
        logger.info("rota owner granted", metadata: ["rota": "\(id)", "to": "\(name)", "by": "\(actor.username)"])
        await audit.record(.rotaOwnerGranted, by: actor.auditWho, target: "rota \(id)", after: AuditTrail.json([resolved.kind: name]), logger: logger)
        return RotaOwner(rotaID: id, grantee: resolved, granteeName: name)
    }

    public func revokeOwner(of id: Int64, from grantee: Grantee, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manageRota(id))
        let name = try await store.rotaOwners(rotaID: id).first { $0.grantee == grantee }?.granteeName
        guard try await store.revokeRotaOwner(rotaID: id, from: grantee) else { throw UseCaseError.notFound("Owner") }
        logger.info("rota owner revoked", metadata: ["rota": "\(id)", "from": "\(grantee)", "by": "\(actor.username)"])
        await audit.record(.rotaOwnerRevoked, by: actor.auditWho, target: "rota \(id)", before: AuditTrail.json([grantee.kind: name ?? ""]), logger: logger)
    }

    /// Whether the person has made an address for their own feed.
    public func hasPersonalFeed(_ user: User) async throws -> Bool {
        try readable(by: user)
        return try await store.hasCalendarSecret(userID: user.id)
    }

    /// A new address for the person's own feed (their shifts on every rota):
    /// the old one stops working. The secret is shown this once.
    public func renewPersonalFeed(of user: User, logger: Logger) async throws -> String {
        try readable(by: user)
        let secret = FeedSecret.make()
        guard try await store.setCalendarSecret(userID: user.id, hash: FeedSecret.hash(secret)) else { throw UseCaseError.notFound("User") }
        logger.info("personal calendar feed address renewed", metadata: ["user": "\(user.username)"])
        return secret
    }

    /// A feed by its secret: a rota's, or a person's (every rota they are
    /// on, their shifts only). Nil for a secret nobody has, and for a
    /// person's once they are deactivated, confined, or on no rota any more
    /// (the address stops working with them; issue 39).
    public func feed(secret: String) async throws -> String? {
        // Secrets are 64 hex digits: anything else is not looked up.
        guard FeedSecret.isWellFormed(secret) else { return nil }
        let hash = FeedSecret.hash(secret)
        let now = clock.now()
        let from = now.addingTimeInterval(-7 * 86_400)
        let until = now.addingTimeInterval(Self.horizon)
        if let rota = try await store.rota(feedSecretHash: hash) {
            return OnCallCalendar.feed(
                calendarName: "On call: \(rota.name)", rotaID: rota.id, shifts: rota.rota.shifts(from: from, until: until), names: rota.names, stamp: now
            )
        }
        guard let userID = try await store.userID(calendarSecretHash: hash), let user = try await store.user(id: userID), user.isActive,
            !visibility.isConfined(user)
        else { return nil }
        let rotas = try await store.rotas().filter { $0.names(userID, at: now) }
        guard !rotas.isEmpty else { return nil }
        var events: [(rota: StoredRota, shift: OnCallRota.Shift)] = []
        for rota in rotas {
            events += rota.rota.shifts(from: from, until: until).filter { $0.userID == userID }.map { (rota, $0) }
        }
        return OnCallCalendar.feed(calendarName: "\(user.username) on call", rotas: events, names: [userID: user.username], stamp: now)
    }

    /// A rota as the audit log keeps it.
    static func snapshot(_ rota: StoredRota) -> String {
        AuditTrail.json([
            "name": rota.name, "members": rota.members.map { rota.names[$0] ?? "\($0)" }.joined(separator: ", "), "time_zone": rota.zone.name,
            "rotation": "\(rota.rotation)",
        ])
    }

    // MARK: rules

    func readable(by user: User) throws {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("This account sees only the demo service: no on-call rotas") }
    }

    func callable(_ username: String, field: String, problems: inout [FieldProblem]) async throws -> User? {
        try await Self.callable(username, in: store, field: field, problems: &problems)
    }

    /// A person who can be on call or called: an active account, not a
    /// confined one (the demo account, an untrusted realm's login).
    static func callable(_ username: String, in store: any AccountStore, field: String, problems: inout [FieldProblem]) async throws -> User? {
        guard let user = try await store.user(named: username) else {
            problems.append(FieldProblem(field: field, message: "No account is called \(username)"))
            return nil
        }
        guard !Confinement().confines(user) else {
            problems.append(
                FieldProblem(field: field, message: "\(username) is confined to the demo service (the demo account, or an untrusted realm's login); never on call")
            )
            return nil
        }
        guard user.isActive else {
            problems.append(FieldProblem(field: field, message: "\(username)'s account is disabled"))
            return nil
        }
        return user
    }

    func validated(_ input: Input) async throws -> RotaDefinition {
        var problems: [FieldProblem] = []
        let name = input.name.trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.count > 100 || name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
            problems.append(FieldProblem(field: "name", message: "A rota's name has 1 to 100 characters and no control characters"))
        }
        var members: [UserID] = []
        if input.members.isEmpty || input.members.count > Self.maxMembers {
            problems.append(FieldProblem(field: "members", message: "A rota has 1 to \(Self.maxMembers) members, in the order they take turns"))
        } else {
            for (index, username) in input.members.enumerated() {
                if let user = try await callable(username, field: "members.\(index)", problems: &problems) { members.append(user.id) }
            }
        }
        let rotation: OnCallRota.Rotation? = switch (input.unit, input.length) {
        case ("days", 1...365): .days(input.length)
        case ("weeks", 1...52): .days(input.length * 7)
        case ("hours", 1...8_760): .hours(input.length)
        default: nil
        }
        if rotation == nil {
            problems.append(FieldProblem(field: "rotation", message: "A turn lasts 1–365 days, 1–52 weeks or 1–8760 hours (unit days, weeks or hours)"))
        }
        // Kept under the name given: Foundation would answer `GMT` for `UTC`.
        let zone = NamedTimeZone(input.timeZone)
        if zone == nil { problems.append(FieldProblem(field: "time_zone", message: "Not a time zone name (such as Europe/Stockholm)")) }
        let start = zone.flatMap { Self.instant(day: input.startsOn, time: input.handOff, in: $0.timeZone, problems: &problems) }
        guard problems.isEmpty, let rotation, let zone, let start else { throw UseCaseError.rejected(problems) }
        return RotaDefinition(name: name, members: members, rotation: rotation, zone: zone, start: start)
    }

    /// `2026-11-30` at `09:00` in `zone` (a time a daylight-saving change
    /// skips moves on to the next that exists).
    public static func instant(day: String, time: String, in zone: TimeZone, problems: inout [FieldProblem]) -> Date? {
        let dayParts = day.split(separator: "-").compactMap { Int($0) }
        let timeParts = time.split(separator: ":").compactMap { Int($0) }
        var valid = true
        if dayParts.count != 3 || day.count != 10 || !(2000...2100).contains(dayParts[0]) {
            problems.append(FieldProblem(field: "starts_on", message: "The day the first turn begins, as YYYY-MM-DD (2000–2100)"))
            valid = false
        }
        if timeParts.count != 2 || time.count != 5 || !(0...23).contains(timeParts[0]) || !(0...59).contains(timeParts[1]) {
            problems.append(FieldProblem(field: "hand_off", message: "The local time turns hand over, as HH:MM"))
            valid = false
        }
        guard valid else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: dayParts[0], month: dayParts[1], day: dayParts[2], hour: timeParts[0], minute: timeParts[1])
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else {
            problems.append(FieldProblem(field: "starts_on", message: "No such day"))
            return nil
        }
        return date
    }

}
