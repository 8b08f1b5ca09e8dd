import Foundation

/// One change worth answering for (issue 41), as the audit log keeps it:
/// who made it, what it was (before and after), when, and from where.
/// Append-only: nothing in Herald changes an entry; retention forgets the
/// old ones (AUDIT_RETENTION_DAYS).
public struct AuditEntry: Sendable, Equatable {
    public var id: Int64
    public var record: AuditRecord

    public init(id: Int64, record: AuditRecord) {
        self.id = id
        self.record = record
    }
}

/// What an entry says, before the store numbers it.
public struct AuditRecord: Sendable, Equatable {
    public var at: Date
    /// The account that acted; nil for the command line, a sender, an
    /// anonymous caller or an account deleted since.
    public var actorID: UserID?
    /// Its name then (or `command line`, `sender`, the name a failed sign-in tried).
    public var actorName: String
    public var action: AuditAction
    /// The service it concerns (what owners are shown of the log); nil for a site-wide change.
    public var serviceID: UUID?
    /// What was changed, in words: `token 12 "alertmanager"`, `user ada`.
    public var target: String
    /// The value before and after, as JSON (nil: none, e.g. a creation has no before).
    public var before: String?
    public var after: String?
    /// The client's address, when the change came over HTTP.
    public var address: String?

    public init(
        at: Date, actorID: UserID?, actorName: String, action: AuditAction, serviceID: UUID? = nil, target: String, before: String? = nil,
        after: String? = nil, address: String? = nil
    ) {
        self.at = at
        self.actorID = actorID
        self.actorName = actorName
        self.action = action
        self.serviceID = serviceID
        self.target = target
        self.before = before
        self.after = after
        self.address = address
    }
}

/// What was done, as `<thing>.<verb>`: one name per kind of change, the
/// log's filter and the API's `action`.
public enum AuditAction: String, Sendable, CaseIterable, Codable {
    case serviceCreated = "service.created"
    case serviceChanged = "service.changed"
    case serviceDeleted = "service.deleted"
    case tokenIssued = "token.issued"
    case tokenRevoked = "token.revoked"
    case templatesChanged = "templates.changed"
    case rateLimitChanged = "rate-limit.changed"
    case alertingChanged = "alerting.changed"
    case writeBackChanged = "write-back.changed"
    case escalationChanged = "escalation.changed"
    case feedAdded = "feed.added"
    case feedRemoved = "feed.removed"
    case scheduleCancelled = "schedule.cancelled"
    case recurringAdded = "recurring.added"
    case recurringRemoved = "recurring.removed"
    case roleGranted = "role.granted"
    case roleRevoked = "role.revoked"
    case teamSubscriptionChanged = "team-subscription.changed"
    case teamCreated = "team.created"
    case teamDeleted = "team.deleted"
    case teamMemberAdded = "team.member-added"
    case teamMemberRemoved = "team.member-removed"
    case rotaCreated = "rota.created"
    case rotaChanged = "rota.changed"
    case rotaDeleted = "rota.deleted"
    case rotaFeedRenewed = "rota.feed-renewed"
    case rotaOwnerGranted = "rota.owner-granted"
    case rotaOwnerRevoked = "rota.owner-revoked"
    case overrideAdded = "override.added"
    case overrideRemoved = "override.removed"
    case userCreated = "user.created"
    case userChanged = "user.changed"
    case userPasswordSet = "user.password-set"
    case userDeleted = "user.deleted"
    case userSignedOut = "user.signed-out"
    case userDeviceRemoved = "user.device-removed"
    case linkAdded = "link.added"
    case linkRemoved = "link.removed"
    case acknowledged = "alarm.acknowledged"
    case acknowledgementWithdrawn = "alarm.withdrawn"
    case signInFailures = "sign-in.failures"
    case pageSent = "page.sent"
    case chatRoomAdded = "chat-room.added"
    case chatRoomRemoved = "chat-room.removed"
    case chatAccountLinked = "chat-account.linked"
    case chatAccountUnlinked = "chat-account.unlinked"
    case contactAdded = "contact.added"
    case contactVerified = "contact.verified"
    case contactRemoved = "contact.removed"
    case contactRulesChanged = "contact-rules.changed"
}

/// Which entries a reader asks for: each filter narrows; `services`
/// (set for an owner who is no admin) keeps only those services' entries.
public struct AuditQuery: Sendable, Equatable {
    public var serviceID: UUID?
    public var actorName: String?
    public var action: AuditAction?
    public var since: Date?
    public var until: Date?
    /// Only entries of these services (nil: every entry, site-wide ones too).
    public var services: Set<UUID>?
    /// Entries numbered below this (the page before); nil: the newest.
    public var before: Int64?
    public var limit: Int

    public init(
        serviceID: UUID? = nil, actorName: String? = nil, action: AuditAction? = nil, since: Date? = nil, until: Date? = nil, services: Set<UUID>? = nil,
        before: Int64? = nil, limit: Int = 100
    ) {
        self.serviceID = serviceID
        self.actorName = actorName
        self.action = action
        self.since = since
        self.until = until
        self.services = services
        self.before = before
        self.limit = limit
    }
}
