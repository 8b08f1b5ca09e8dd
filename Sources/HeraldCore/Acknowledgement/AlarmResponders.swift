import Foundation

/// Who may take an alarm: acknowledge it, or withdraw an acknowledgement
/// of it (issue 39). Acknowledging a handled service's alarm silences it at
/// its source and stops its escalation, so on a *handled* service (one with
/// an escalation policy or a write-back target) only its *responders* may:
/// the people its escalation policy names (by name, or as members of or
/// covering for the rotas it names), those an escalation of this very
/// notification called, those holding its responder role (issue 41:
/// granted to them or their team, or an owner's), and admins. On a service nobody handles, anyone
/// who received the notification may, as before. Pure: the use case reads
/// the policy, the rotas and the calls, and asks.
public struct AlarmResponders: Sendable, Equatable {
    /// Whether the service is handled (only responders may take its alarms).
    public var handled: Bool
    /// The people who may, by id, with their names (for the refusal's reason).
    public var people: [UserID: String]
    /// The rotas the policy names, by name (whoever is on them may).
    public var rotas: [String]
    /// A step calling the service's subscribers ran for this notification:
    /// its subscribers were called, so they may too.
    public var subscribersCalled: Bool

    public init(handled: Bool, people: [UserID: String] = [:], rotas: [String] = [], subscribersCalled: Bool = false) {
        self.handled = handled
        self.people = people
        self.rotas = rotas
        self.subscribersCalled = subscribersCalled
    }

    /// Anyone who received it may (a service nobody handles).
    public static let anyone = AlarmResponders(handled: false)

    /// The responders of a notification of a service with `policies` (its
    /// own now, and the one its escalation started with), `rotas` (those
    /// the policies name, with their members and overrides), and the calls
    /// an escalation of it made. `handled`: the service has a policy or a
    /// write-back target.
    public static func of(
        handled: Bool, policies: [EscalationPolicy], rotas: [StoredRota], calls: [EscalationCall], names: [UserID: String],
        roleHolders: [UserID: String] = [:], now: Date
    ) -> AlarmResponders {
        guard handled else { return .anyone }
        var people: [UserID: String] = roleHolders
        let named = Set(policies.flatMap { $0.steps.flatMap(\.targets) })
        for target in named {
            if case .user(let id) = target { people[id] = names[id] ?? "user \(id)" }
        }
        var rotaNames: [String] = []
        for rota in rotas where named.contains(.rota(rota.id)) {
            rotaNames.append(rota.name)
            // Members take turns; an override's person covers for a while: both answer for it.
            for id in rota.members + rota.overrides.filter({ $0.until > now }).map(\.userID) {
                people[id] = rota.names[id] ?? names[id] ?? "user \(id)"
            }
        }
        for call in calls {
            if let id = call.userID { people[id] = call.username }
        }
        return AlarmResponders(
            handled: true, people: people, rotas: rotaNames.sorted(), subscribersCalled: calls.contains { $0.target == EscalationCall.subscribersTarget }
        )
    }

    /// Whether `user` may take it; `subscribed`: the user subscribes to its
    /// service now (counts only once a step called the subscribers).
    public func allows(_ user: User, subscribed: Bool) -> Bool {
        !handled || user.isAdmin || people[user.id] != nil || (subscribersCalled && subscribed)
    }

    /// Why someone who is not a responder may not, naming who may.
    public var refusal: String {
        var who = people.values.sorted()
        let shown = 10
        if who.count > shown { who = Array(who.prefix(shown)) + ["\(people.count - shown) more"] }
        who += rotas.map { "whoever is on the rota \($0)" }
        if subscribersCalled { who.append("the service's subscribers") }
        who.append("an admin")
        return "Only this alarm's responders may take it: " + who.joined(separator: ", ")
    }
}

extension AlarmResponders {
    /// The responders of a notification of `serviceID`, read from the
    /// stores: its service's policy and write-back target, the policy its
    /// escalation started with, the rotas they name, the calls it made,
    /// the holders of its responder role.
    /// `name` gives the people the policies name by id their names (for
    /// the refusal; nil leaves ids).
    public static func read(
        serviceID: UUID, notificationID: NotificationID, from store: any EscalationStore & RotaStore & ServiceWriteBackStore & AccessStore,
        name: (UserID) async throws -> String? = { _ in nil }, now: Date
    ) async throws -> AlarmResponders {
        let policy = try await store.escalationPolicy(serviceID: serviceID)
        let writeBack = try await store.serviceWriteBack(serviceID: serviceID)
        guard policy != nil || writeBack != nil else { return .anyone }
        let escalation = try await store.escalation(notificationID: notificationID)
        let policies = [policy, escalation?.policy].compactMap { $0 }
        var rotas: [StoredRota] = []
        var names: [UserID: String] = [:]
        for target in Set(policies.flatMap { $0.steps.flatMap(\.targets) }) {
            switch target {
            case .rota(let id): if let rota = try await store.rota(id: id) { rotas.append(rota) }
            case .user(let id): names[id] = try await name(id)
            case .subscribers: break
            }
        }
        let calls = escalation == nil ? [] : try await store.escalationCalls(notificationID: notificationID)
        let roleHolders = try await store.roleHolders(serviceID: serviceID, roles: ServiceRole.taking(.responder))
        return of(handled: true, policies: policies, rotas: rotas, calls: calls, names: names, roleHolders: roleHolders, now: now)
    }

    /// Whether the lock-screen "Acknowledge" action is offered on a push to
    /// this person's device: they may take it, as far as the worker can
    /// tell without reading their account (an admin who is no responder is
    /// not offered it; the web inbox offers it them). The acknowledgement
    /// itself is decided by `allows` when it comes.
    public func offersLink(to userID: UserID) -> Bool {
        !handled || people[userID] != nil || subscribersCalled
    }
}
