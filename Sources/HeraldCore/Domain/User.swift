import Foundation

public typealias UserID = Int64

/// An account. Local accounts carry a bcrypt hash; accounts created by an
/// external authenticator (LDAP, URL, OIDC) have none.
public struct User: Sendable, Equatable {
    public var id: UserID
    public var username: String
    public var isActive: Bool
    public var isAdmin: Bool
    /// When the last JWT issued to this user expires; pushes stop after it,
    /// as they did in the server Herald replaces.
    public var loginExpiresAt: Date?

    public init(id: UserID, username: String, isActive: Bool, isAdmin: Bool, loginExpiresAt: Date? = nil) {
        self.id = id
        self.username = username
        self.isActive = isActive
        self.isAdmin = isAdmin
        self.loginExpiresAt = loginExpiresAt
    }
}

/// A user together with the device tokens registered to them: the shape every
/// user-returning route of the API answers with.
public struct UserProfile: Sendable, Equatable {
    public var user: User
    public var deviceTokens: [String]

    public init(user: User, deviceTokens: [String]) {
        self.user = user
        self.deviceTokens = deviceTokens
    }
}

/// A partial update of a user by an admin.
public struct UserPatch: Sendable, Equatable {
    public var isActive: Bool?
    public var isAdmin: Bool?

    public init(isActive: Bool? = nil, isAdmin: Bool? = nil) {
        self.isActive = isActive
        self.isAdmin = isAdmin
    }
}
