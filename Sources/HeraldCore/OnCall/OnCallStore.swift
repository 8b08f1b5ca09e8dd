import Foundation

/// A rota as stored: its turns (`OnCallRota`), its name, the people's
/// names and the overrides with their ids. Its feed's secret is kept only
/// as a hash (`FeedSecret`): shown once, when made.
public struct StoredRota: Sendable, Equatable {
    public struct Override: Sendable, Equatable {
        public var id: Int64
        public var userID: UserID
        public var from: Date
        public var until: Date

        public init(id: Int64, userID: UserID, from: Date, until: Date) {
            self.id = id
            self.userID = userID
            self.from = from
            self.until = until
        }
    }

    public var id: Int64
    public var name: String
    public var members: [UserID]
    public var rotation: OnCallRota.Rotation
    /// The zone under the name the admin set (`UTC` stays `UTC`).
    public var zone: NamedTimeZone
    public var start: Date
    /// In the order they were made (later ones win).
    public var overrides: [Override]
    /// Every member's and covering person's username.
    public var names: [UserID: String]

    public var timeZone: TimeZone { zone.timeZone }

    public init(
        id: Int64, name: String, members: [UserID], rotation: OnCallRota.Rotation, zone: NamedTimeZone, start: Date,
        overrides: [Override], names: [UserID: String]
    ) {
        self.id = id
        self.name = name
        self.members = members
        self.rotation = rotation
        self.zone = zone
        self.start = start
        self.overrides = overrides
        self.names = names
    }

    /// Whether the person is on it: a member, or covering now or later.
    public func names(_ userID: UserID, at now: Date) -> Bool {
        members.contains(userID) || overrides.contains { $0.userID == userID && $0.until > now }
    }

    /// Who it names when.
    public var rota: OnCallRota {
        OnCallRota(
            members: members, rotation: rotation, timeZone: timeZone, start: start,
            overrides: overrides.map { OnCallRota.Override(userID: $0.userID, from: $0.from, until: $0.until) }
        )
    }
}

/// What a rota is made of, as an admin gives it (usernames already found).
public struct RotaDefinition: Sendable, Equatable {
    public var name: String
    public var members: [UserID]
    public var rotation: OnCallRota.Rotation
    /// The zone under the name the admin gave (`UTC` stays `UTC`).
    public var zone: NamedTimeZone
    public var start: Date

    public var timeZone: TimeZone { zone.timeZone }

    public init(name: String, members: [UserID], rotation: OnCallRota.Rotation, zone: NamedTimeZone, start: Date) {
        self.name = name
        self.members = members
        self.rotation = rotation
        self.zone = zone
        self.start = start
    }

    public init(name: String, members: [UserID], rotation: OnCallRota.Rotation, timeZone: TimeZone, start: Date) {
        self.init(name: name, members: members, rotation: rotation, zone: NamedTimeZone(timeZone), start: start)
    }
}

/// Rotas, their overrides and the calendar feeds' secrets, kept as their
/// hashes (`FeedSecret.hash`) and found by an index, like publish tokens.
public protocol RotaStore: Sendable {
    /// Nil when the name is taken.
    func createRota(_ definition: RotaDefinition, feedSecretHash: String, at: Date) async throws -> StoredRota?
    /// Nil when there is no such rota; throws `RotaNameTaken` for a name another rota has.
    func updateRota(id: Int64, _ definition: RotaDefinition, at: Date) async throws -> StoredRota?
    func deleteRota(id: Int64) async throws -> Bool
    /// Every rota, by name.
    func rotas() async throws -> [StoredRota]
    func rota(id: Int64) async throws -> StoredRota?
    func rota(feedSecretHash: String) async throws -> StoredRota?
    /// Gives the rota's feed a new secret (the old address stops working);
    /// false when there is no such rota.
    func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool
    /// Nil when there is no such rota.
    func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at: Date) async throws -> StoredRota.Override?
    func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool
    /// Gives the person's own feed a new secret (the old address stops
    /// working); false when there is no such user.
    func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool
    /// Whether the person has a feed address.
    func hasCalendarSecret(userID: UserID) async throws -> Bool
    func userID(calendarSecretHash: String) async throws -> UserID?
}

/// An update that would give a rota another one's name.
public struct RotaNameTaken: Error, Equatable {
    public init() {}
}

/// One escalation as the runner claims it.
public struct OpenEscalation: Sendable, Equatable {
    public var notificationID: NotificationID
    public var serviceID: UUID
    public var policy: EscalationPolicy
    public var due: EscalationPolicy.Due

    public init(notificationID: NotificationID, serviceID: UUID, policy: EscalationPolicy, due: EscalationPolicy.Due) {
        self.notificationID = notificationID
        self.serviceID = serviceID
        self.policy = policy
        self.due = due
    }
}

/// Why an escalation stopped.
public enum EscalationEnd: String, Sendable, Equatable, CaseIterable {
    case acknowledged
    case resolved
    /// Every step of every pass ran without an acknowledgement.
    case exhausted
    /// Never started: its service had started ESCALATION_STARTS_PER_MINUTE
    /// escalations in the last minute (a flood of alarms).
    case heldBack = "held_back"
}

/// Something that happened to an escalation besides its calls, for the
/// timeline: it ended (and why, and whose acknowledgement ended it), or an
/// acknowledgement's withdrawal resumed it at `step`/`pass`.
public struct EscalationEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case ended(EscalationEnd)
        case resumed
    }

    public var kind: Kind
    /// The step to run next when it happened (0-based).
    public var step: Int
    public var pass: Int
    /// Who acknowledged (an end) or withdrew (a resumption); nil for the runner's.
    public var who: String?
    public var at: Date

    public init(kind: Kind, step: Int, pass: Int, who: String? = nil, at: Date) {
        self.kind = kind
        self.step = step
        self.pass = pass
        self.who = who
        self.at = at
    }

    /// How it is stored: the end's reason, or `resumed`.
    public var storedKind: String {
        switch kind {
        case .ended(let reason): reason.rawValue
        case .resumed: "resumed"
        }
    }

    public static func kind(stored: String) -> Kind? {
        stored == "resumed" ? .resumed : EscalationEnd(rawValue: stored).map { .ended($0) }
    }
}

/// One escalation's state, for its timeline.
public struct EscalationRecord: Sendable, Equatable {
    public var notificationID: NotificationID
    public var policy: EscalationPolicy
    /// The step to run next (or the last one run, once ended).
    public var due: EscalationPolicy.Due
    public var ended: EscalationEnd?
    public var endedAt: Date?
    public var startedAt: Date

    public init(notificationID: NotificationID, policy: EscalationPolicy, due: EscalationPolicy.Due, ended: EscalationEnd?, endedAt: Date?, startedAt: Date) {
        self.notificationID = notificationID
        self.policy = policy
        self.due = due
        self.ended = ended
        self.endedAt = endedAt
        self.startedAt = startedAt
    }
}

/// Who one step called.
public struct EscalationCall: Sendable, Equatable {
    /// The target of a call to the service's subscribers.
    public static let subscribersTarget = "subscribers"

    public var step: Int
    public var pass: Int
    /// `user`, `rota:<id>` or `subscribers`.
    public var target: String
    /// Nil for the subscribers (or an account since deleted).
    public var userID: UserID?
    /// The person, or "" for the subscribers.
    public var username: String
    /// Their devices pushed to.
    public var devices: Int
    public var at: Date

    public init(step: Int, pass: Int, target: String, userID: UserID?, username: String, devices: Int, at: Date) {
        self.step = step
        self.pass = pass
        self.target = target
        self.userID = userID
        self.username = username
        self.devices = devices
        self.at = at
    }
}

/// One step's run, decided by the runner, stored as one unit: the called
/// people get the notification in their inbox and a push (`.call`) to each
/// device, the calls are recorded, and the escalation moves on to `next`
/// (nil: it has run out) — only if `owner` still holds the claim on this
/// very step, so a step is never run twice.
public struct EscalationStepRun: Sendable, Equatable {
    /// A person called by name or as a rota's person on call.
    public struct Callee: Sendable, Equatable {
        public var target: String
        public var userID: UserID

        public init(target: String, userID: UserID) {
            self.target = target
            self.userID = userID
        }
    }

    public var notificationID: NotificationID
    public var owner: String
    public var ran: EscalationPolicy.Due
    /// Whom the step calls, as the runner decided (`EscalationDecision.decide`,
    /// then `reachable`); the store calls each once, by their first target.
    public var callees: [Callee]
    /// The service's subscribers are called too: through a fan-out job
    /// (`FanoutJob.Kind.call`), less those whose filters refuse it.
    public var subscribers: Bool
    /// The subscribers' filters that refuse the notification (their holders
    /// are not called), decided when the step runs.
    public var refusedFilters: [Int64] = []
    /// Push to people who already hold the notification (false for the
    /// first step, whose subscribers the publish itself pushed to).
    public var pushHolders: Bool
    public var next: EscalationPolicy.Due?
    public var at: Date

    /// Whom the step links and pushes: each callee once; on the first step
    /// not those who hold it already (the post pushed them).
    public var audience: Audience {
        var seen = Set<UserID>()
        return .called(callees.map(\.userID).filter { seen.insert($0).inserted }, pushHolders: pushHolders)
    }

    public init(
        notificationID: NotificationID, owner: String, ran: EscalationPolicy.Due, callees: [Callee], subscribers: Bool, pushHolders: Bool,
        next: EscalationPolicy.Due?, at: Date
    ) {
        self.notificationID = notificationID
        self.owner = owner
        self.ran = ran
        self.callees = callees
        self.subscribers = subscribers
        self.pushHolders = pushHolders
        self.next = next
        self.at = at
    }
}

/// Services' escalation policies and the escalations running under them.
/// An escalation is started by the publish that stores a notification at
/// or above its service's policy's minimum severity (same transaction).
public protocol EscalationStore: Sendable {
    /// False when the service does not exist.
    func setEscalationPolicy(serviceID: UUID, _ policy: EscalationPolicy, at: Date) async throws -> Bool
    func escalationPolicy(serviceID: UUID) async throws -> EscalationPolicy?
    func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool
    /// Services whose policy calls this rota (a rota in use is not deleted).
    func services(callingRota rotaID: Int64) async throws -> [UUID]
    /// Up to `limit` running escalations whose step is due at `now`, claimed
    /// by `owner` until `until` (a lapsed claim is taken over).
    func claimDueEscalations(owner: String, limit: Int, until: Date, now: Date) async throws -> [OpenEscalation]
    /// When the next running escalation's step falls due (nil: none).
    func nextEscalationTime() async throws -> Date?
    /// Each step's run, all in one transaction (one commit for a batch of
    /// due steps); per run, false when `owner` no longer holds that step
    /// (nothing was done for it).
    func runEscalationSteps(_ runs: [EscalationStepRun]) async throws -> [Bool]
    /// Ends an escalation `owner` holds (with its `EscalationEvent`).
    func endEscalation(notificationID: NotificationID, owner: String, reason: EscalationEnd, at: Date) async throws -> Bool
    func escalation(notificationID: NotificationID) async throws -> EscalationRecord?
    func escalationCalls(notificationID: NotificationID) async throws -> [EscalationCall]
    /// Its ends and resumptions, in order.
    func escalationEvents(notificationID: NotificationID) async throws -> [EscalationEvent]
    /// How many of the service's escalations started since `since` (ran
    /// their first step, or ended otherwise than held back).
    func escalationsStarted(serviceID: UUID, since: Date) async throws -> Int
}

/// One person's quiet hours and running snoozes (service → until).
public struct QuietChoices: Sendable, Equatable {
    public var quietHours: QuietHours?
    public var snoozes: [UUID: Date]

    public init(quietHours: QuietHours? = nil, snoozes: [UUID: Date] = [:]) {
        self.quietHours = quietHours
        self.snoozes = snoozes
    }
}

/// Each person's quiet hours and snoozed services.
public protocol QuietHoursStore: Sendable {
    func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at: Date) async throws
    func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours]
    /// Nil `until` ends the snooze.
    func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws
    /// The person's snoozes still running at `now`.
    func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date]
    /// Everyone who has quiet hours or a snooze running at `now`, with them:
    /// the worker reads this whole (two small tables) when
    /// `quietChoicesStamp` says something changed, rather than per batch
    /// of pushes.
    func quietChoices(now: Date) async throws -> [UserID: QuietChoices]
    /// A number that changes with every change of anyone's quiet hours or
    /// snoozes, in the change's own transaction (one row, on every
    /// replica): the worker reads it at most once a second
    /// (`QuietHoursDecider.stampFreshFor`), so another replica's change
    /// applies within a second without reading everyone's choices each time.
    func quietChoicesStamp() async throws -> Int64
    /// The changes of quiet hours and snoozes made through this store
    /// object (this process), counted once each transaction ended: the
    /// worker compares it in memory per batch, so a change made here
    /// applies to the very next push at no cost to the batches.
    var quietChoicesChangedHere: LocalChangeCount { get }
}

extension EscalationStore {
    /// One step's run; false when `owner` no longer holds that step.
    public func runEscalationStep(_ run: EscalationStepRun) async throws -> Bool {
        try await runEscalationSteps([run]).first ?? false
    }
}

extension QuietHoursStore {
    public func quietHours(userID: UserID) async throws -> QuietHours? {
        try await quietHours(userIDs: [userID])[userID]
    }
}
