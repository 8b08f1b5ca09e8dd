import Foundation

/// A source of notifications that users can subscribe to, identified by a UUID.
public struct ServiceRecord: Sendable, Equatable {
    public var id: UUID
    public var category: String
    public var color: String
    public var owner: String
    /// Seen only by its roles' holders and admins (issue 41): lists, inbox,
    /// subscriptions, everywhere (`ServiceVisibility`).
    public var isPrivate: Bool

    public init(id: UUID, category: String, color: String, owner: String, isPrivate: Bool = false) {
        self.id = id
        self.category = category
        self.color = color
        self.owner = owner
        self.isPrivate = isPrivate
    }

    /// Six hex digits, as the old server's `^[0-9a-fA-F]{6}$`: a colour
    /// goes into pages and apps as is, so nothing else is ever stored.
    public static func isColor(_ text: String) -> Bool {
        text.utf8.count == 6 && text.utf8.allSatisfy(\.isHexDigit)
    }

    /// A colour the server Herald replaces may have stored and served:
    /// none, six hex digits, or those after a `#` (its older tools wrote
    /// them so). Imported as it was; anything else is not a colour.
    public static func isStoredColor(_ text: String) -> Bool {
        text.isEmpty || isColor(text) || (text.hasPrefix("#") && isColor(String(text.dropFirst())))
    }

    /// What a service without a usable colour is shown in.
    public static let neutralColor = "808080"
}

/// The fields an admin sets when creating a service.
public struct ServiceDraft: Sendable, Equatable {
    public var category: String
    public var color: String
    public var owner: String
    public var isPrivate: Bool
    /// The id it is made with; nil, a new one. Herald's own notice service
    /// is made under an id every replica agrees on (`ShiftNotices`).
    public var id: UUID?

    public init(category: String, color: String, owner: String, isPrivate: Bool = false, id: UUID? = nil) {
        self.category = category
        self.color = color
        self.owner = owner
        self.isPrivate = isPrivate
        self.id = id
    }
}

/// A partial update of a service; `nil` leaves a field as it is.
public struct ServicePatch: Sendable, Equatable {
    public var category: String?
    public var color: String?
    public var owner: String?
    public var isPrivate: Bool?

    public init(category: String? = nil, color: String? = nil, owner: String? = nil, isPrivate: Bool? = nil) {
        self.category = category
        self.color = color
        self.owner = owner
        self.isPrivate = isPrivate
    }
}

/// A service as one user sees it.
public struct UserService: Sendable, Equatable {
    public var service: ServiceRecord
    public var isSubscribed: Bool

    public init(service: ServiceRecord, isSubscribed: Bool) {
        self.service = service
        self.isSubscribed = isSubscribed
    }
}

/// A service's own publish limit (a token bucket); 0 per second: none.
public struct RateLimit: Sendable, Equatable, Codable {
    public var perSecond: Double
    public var burst: Int

    public init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond
        self.burst = burst
    }
}
