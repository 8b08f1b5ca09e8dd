import Foundation

/// Something an actor asks to do, and to what (issue 41). Every use case
/// names the one it is about to do and asks `AccessPolicy`.
public enum AccessAction: Sendable, Equatable {
    /// Make a new service.
    case createService
    /// Delete a service with everything it holds.
    case deleteService(UUID)
    /// Change one part of a service, or read what only its keepers read.
    case manage(ServiceAspect, of: UUID)
    /// Make, change, delete and sign out accounts; link their sign-ins;
    /// remove their devices.
    case manageUsers
    /// Post to a service with one's own token (or from the web app).
    case publish(to: UUID)
    /// Withdraw an acknowledgement someone else made of one of the service's alarms.
    case withdrawAcknowledgement(of: UUID)
    /// Make and delete teams, and keep a hand-kept team's members.
    case manageTeams
    /// Read the audit log (an owner: only their services' entries).
    case readAudit
    /// Make on-call rotas (and name their owners).
    case manageRotas
    /// Change, delete and override one rota, and name its owners: its owners and admins.
    case manageRota(Int64)
    /// Page a team or a rota, whose page service (nil: not made yet) is posted to.
    case page(PageTarget, service: UUID?)
}

/// The parts of a service an owner keeps, each named for the refusal.
public enum ServiceAspect: String, Sendable, CaseIterable {
    case settings
    case tokens
    case templates
    case feeds
    case schedules
    case rateLimit
    case alerting
    case escalation
    case writeBack
    case reports
    case roles
    case subscriptions
    case chatRooms

    /// What a refusal calls it: "may not change its tokens".
    var phrase: String {
        switch self {
        case .settings: "change its settings"
        case .tokens: "keep its tokens"
        case .templates: "keep its templates"
        case .feeds: "keep its feeds"
        case .schedules: "keep its held and recurring notifications"
        case .rateLimit: "set its rate limit"
        case .alerting: "choose how its notifications alert"
        case .escalation: "keep its escalation policy"
        case .writeBack: "say where its acknowledgements go"
        case .reports: "read its notifications' reports and timelines"
        case .roles: "grant its roles"
        case .subscriptions: "decide which teams receive it"
        case .chatRooms: "keep its chat rooms"
        }
    }
}

/// The answer to "may this actor do this".
public enum AccessDecision: Sendable, Equatable {
    case allowed
    /// Refused, with the reason the edges show (a 403, a page's message).
    case refused(String)

    public var isAllowed: Bool { self == .allowed }
}

/// Who may do what, in one place (issue 41): admins everything, a
/// service's owners everything of that service but its deletion, and the
/// rest nothing of the site's keeping. Pure: the use cases ask it with the
/// `Actor` their edge read; the edges only translate its answer.
public enum AccessPolicy {
    /// The old server's answer to a non-admin on an admin route, which the
    /// API keeps for the routes it had.
    public static let adminsOnly = "The user doesn't have enough privileges"

    public static func decide(_ actor: Actor, _ action: AccessAction) -> AccessDecision {
        if actor.isAdmin { return .allowed }
        switch action {
        case .createService, .deleteService, .manageUsers, .manageTeams, .manageRotas:
            return .refused(adminsOnly)
        case .manage(.writeBack, _):
            // A silence made in a shared Alertmanager matches other teams' alerts
            // too: where acknowledgements go stays an admin's choice.
            return .refused("Only an admin may say where a service's acknowledgements go: a silence in a shared Alertmanager reaches other teams' alerts")
        case .manage(let aspect, let serviceID):
            if actor.holds(.owner, of: serviceID) { return .allowed }
            return .refused("Only an owner of this service or an admin may \(aspect.phrase)")
        case .publish(let serviceID):
            if actor.holds(.publisher, of: serviceID) { return .allowed }
            return .refused("Only this service's publishers, its owners or an admin may post to it with their own token")
        case .manageRota(let rotaID):
            if actor.ownedRotas.contains(rotaID) { return .allowed }
            return .refused("Only an owner of this rota or an admin may change it")
        case .readAudit:
            if !actor.ownedServices.isEmpty { return .allowed }
            return .refused("Only admins and the owners of a service may read the audit log")
        case .page(let target, let serviceID):
            // Who may page is a role: the publisher role of the page service; a rota's owners run it.
            if let serviceID, actor.holds(.publisher, of: serviceID) { return .allowed }
            if case .rota(let id) = target, actor.ownedRotas.contains(id) { return .allowed }
            return .refused("Only those granted the publisher role of this \(target.kind)'s page service\(target.kind == "rota" ? ", the rota's owners" : "") or an admin may page it")
        case .withdrawAcknowledgement(let serviceID):
            if actor.holds(.owner, of: serviceID) { return .allowed }
            return .refused("Only whoever took this alarm, an owner of its service or an admin may give it back")
        }
    }
}
