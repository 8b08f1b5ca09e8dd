import Foundation

public typealias NotificationID = Int64

/// A message posted to a service.
@dynamicMemberLookup
public struct NotificationRecord: Sendable, Equatable {
    public var id: NotificationID
    public var serviceID: UUID
    public var timestamp: Date
    /// What was posted, as checked by `NotificationRules` (its fields read
    /// through the record: `record.title`, `record.severity`, ...).
    public var draft: NotificationDraft

    public init(id: NotificationID, serviceID: UUID, timestamp: Date, draft: NotificationDraft) {
        self.id = id
        self.serviceID = serviceID
        self.timestamp = timestamp
        self.draft = draft
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<NotificationDraft, Value>) -> Value {
        get { draft[keyPath: field] }
        set { draft[keyPath: field] = newValue }
    }
}

/// Where a notification was published from, kept with it so the delivery
/// worker (perhaps in another process, later) continues the same trace and
/// logs the request that caused each push.
public struct NotificationOrigin: Sendable, Equatable {
    /// The trace propagation headers of the publish (W3C `traceparent`,
    /// `tracestate`, or whatever the configured propagator writes).
    public var traceContext: [String: String]
    /// The HTTP request's id (`hb.request.id` in the logs).
    public var requestID: String?

    public init(traceContext: [String: String], requestID: String?) {
        self.traceContext = traceContext
        self.requestID = requestID
    }

    /// The trace context as stored: a JSON object, nil when empty.
    public var traceContextJSON: String? {
        guard !traceContext.isEmpty, let data = try? JSONEncoder.sortedKeys.encode(traceContext) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Read back from the stored columns; nil when neither was stored.
    public init?(traceContextJSON: String?, requestID: String?) {
        let context = traceContextJSON.flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) } ?? [:]
        guard !context.isEmpty || requestID != nil else { return nil }
        self.init(traceContext: context, requestID: requestID)
    }
}

extension JSONEncoder {
    fileprivate static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

/// What a sender posts and, once checked, what a notification holds.
public struct NotificationDraft: Sendable, Equatable {
    public var title: String
    public var subtitle: String
    public var url: String
    /// An alert's level (critical, warning, ...).
    public var severity: Severity?
    /// A level a sender wrote that is none of `Severity`'s words: the rules
    /// refuse it (`validated`) or drop it (`fitted`), so a checked draft,
    /// and every stored notification, has none.
    public var unknownSeverity: String?
    /// What the sender says about the event (matched by filters).
    public var attributes: NotificationAttributes?
    /// After this it leaves inboxes and is no longer pushed.
    public var expiresAt: Date?
    /// The sender's name for the event: a later post with the same key
    /// updates this notification instead of adding one.
    public var key: String?
    /// Set only by the alert sources, for the notification that stands for
    /// one alarm (under its alert's key): firing, or resolved once the
    /// source says so. Nil for everything else, and never taken from a
    /// sender's JSON.
    public var alarm: AlarmStatus?
    /// Which alarm at its source it stands for, set with the key by the
    /// alert sources (Alertmanager, Phoebus); what the write-back acts on.
    /// Never taken from a sender's JSON.
    public var alarmIdentity: AlarmIdentity?
    /// Where it was published from (trace context, request id). Set by the
    /// `Publisher`, not by senders; read where deliveries are claimed, so
    /// the worker continues the publish's trace.
    public var origin: NotificationOrigin?

    public init(
        title: String, subtitle: String = "", url: String = "", severity: Severity? = nil, attributes: NotificationAttributes? = nil,
        expiresAt: Date? = nil, key: String? = nil, alarm: AlarmStatus? = nil, alarmIdentity: AlarmIdentity? = nil, origin: NotificationOrigin? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.url = url
        self.severity = severity
        self.attributes = attributes
        self.expiresAt = expiresAt
        self.key = key
        self.alarm = alarm
        self.alarmIdentity = alarmIdentity
        self.origin = origin
    }

    /// The level as a sender wrote it (a template's output, a JSON field):
    /// one of `Severity`'s words or aliases sets `severity`, anything else
    /// is kept in `unknownSeverity` for the rules to judge (a blank word
    /// too: a JSON `"severity": ""` is refused, as it always was); nil is none.
    public var severityWord: String? {
        get { severity?.rawValue ?? unknownSeverity }
        set {
            severity = newValue.flatMap(Severity.init(parsing:))
            unknownSeverity = severity == nil ? newValue : nil
        }
    }

    /// Marks it as the notification standing for `identity`, under its key.
    public mutating func standsFor(_ identity: AlarmIdentity) {
        alarmIdentity = identity
        key = identity.key
    }

    /// This draft with the level a sender wrote (see `severityWord`).
    public func withSeverityWord(_ word: String?) -> NotificationDraft {
        var draft = self
        draft.severityWord = word
        return draft
    }

    /// The same content (what makes a repeated keyed post a no-op); the
    /// origin is not content. Times compare to the millisecond, as stored.
    public func hasSameContent(as other: NotificationDraft) -> Bool {
        func millis(_ date: Date?) -> Int64? { date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } }
        return title == other.title && subtitle == other.subtitle && url == other.url && severity == other.severity
            && unknownSeverity == other.unknownSeverity
            && (attributes ?? NotificationAttributes()) == (other.attributes ?? NotificationAttributes())
            && millis(expiresAt) == millis(other.expiresAt) && key == other.key && alarm == other.alarm
            && alarmIdentity == other.alarmIdentity
    }
}

/// A notification in one user's inbox, with that user's read flag and bookmark.
public struct InboxItem: Sendable, Equatable {
    public var notification: NotificationRecord
    public var isRead: Bool
    /// Starred (bookmarked): kept past retention, listed on its own.
    public var isStarred: Bool
    /// Who took it, when someone did (the same for every holder).
    public var acknowledgement: Acknowledgement?
    /// When it last changed for this user (added, updated by its source,
    /// acknowledged): a live stream's position for it. Set by
    /// `NotificationStore.inboxItems`, which the streams read on a signal.
    public var changedAt: Date?

    public init(
        notification: NotificationRecord, isRead: Bool, isStarred: Bool = false, acknowledgement: Acknowledgement? = nil, changedAt: Date? = nil
    ) {
        self.notification = notification
        self.isRead = isRead
        self.isStarred = isStarred
        self.acknowledgement = acknowledgement
        self.changedAt = changedAt
    }

    /// Where it stands, as clients read it (`state`): acknowledged once
    /// someone took it, unless its alarm resolved since; an alarm's phase
    /// otherwise; nil for a plain notification nobody acknowledged.
    public var state: String? {
        if notification.alarm == .resolved { return AlarmStatus.resolved.state }
        if acknowledgement != nil { return "acknowledged" }
        return notification.alarm?.state
    }
}

/// What a user can do to an inbox item.
public enum InboxStatus: String, Sendable, CaseIterable, Codable {
    case read
    case unread
    case deleted
    /// Bookmarks: a starred notification outlives retention.
    case starred
    case unstarred
}

/// The order in which an inbox page is returned. The page always holds the
/// newest items; `ascending` only reverses it (what the first apps expect).
public enum InboxOrder: String, Sendable, CaseIterable {
    case ascending = "asc"
    case descending = "desc"
}
