import Foundation

/// What a person may do with one service, granted to them or to a team
/// they are in (issue 41). Each role includes the ones below it in
/// `includes`: an owner may do everything of the service, a responder
/// takes its alarms and a publisher posts to it; every role sees it.
public enum ServiceRole: String, Sendable, CaseIterable, Codable, Comparable {
    /// Everything of the service: its settings, tokens, templates, feeds,
    /// held and recurring notifications, rate limit, alerting, escalation
    /// policy, write-back, roles, and its notifications' reports and timelines.
    case owner
    /// Takes its alarms: acknowledges and withdraws.
    case responder
    /// Posts to it from the web app or with their own token.
    case publisher
    /// Sees it and subscribes.
    case viewer

    /// The roles this one carries with it (itself included).
    public var includes: Set<ServiceRole> {
        switch self {
        case .owner: Set(ServiceRole.allCases)
        case .responder: [.responder, .viewer]
        case .publisher: [.publisher, .viewer]
        case .viewer: [.viewer]
        }
    }

    /// The roles whose grant carries `role` with it (for `.responder`:
    /// responders and owners), as the stores are asked for its holders.
    public static func taking(_ role: ServiceRole) -> Set<ServiceRole> {
        Set(allCases.filter { $0.includes.contains(role) })
    }

    /// Owner first, viewer last: the order lists and pages show them in.
    public static func < (lhs: ServiceRole, rhs: ServiceRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

public typealias TeamID = Int64

/// Who a role is granted to: one person, or every member of a team.
public enum Grantee: Sendable, Hashable {
    case user(UserID)
    case team(TeamID)

    /// `user` or `team`, as lists and the audit log say it.
    public var kind: String {
        switch self {
        case .user: "user"
        case .team: "team"
        }
    }
}

/// One role of one service, granted to a person or a team, as stored.
public struct RoleGrant: Sendable, Equatable {
    public var serviceID: UUID
    public var role: ServiceRole
    public var grantee: Grantee
    /// The person's username or the team's name, for lists and pages.
    public var granteeName: String

    public init(serviceID: UUID, role: ServiceRole, grantee: Grantee, granteeName: String) {
        self.serviceID = serviceID
        self.role = role
        self.grantee = grantee
        self.granteeName = granteeName
    }
}

/// Who sees a service (issue 41): everyone sees any service but a private
/// one, which only its roles' holders and admins see. The one rule behind
/// the lists (`ServiceVisibility`), the subscriptions (`SubscriptionPlan`)
/// and an escalation's calls (`EscalationDecision.reachable`).
public enum PrivateServiceRule {
    public static func sees(isPrivate: Bool, holdsRole: Bool, isAdmin: Bool) -> Bool {
        !isPrivate || isAdmin || holdsRole
    }
}
