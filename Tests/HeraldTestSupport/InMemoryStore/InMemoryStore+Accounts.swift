import Foundation
import HeraldCore

extension InMemoryStore: AccountStore {
    public func createUser(username: String, passwordHash: String?, isAdmin: Bool, origin: AccountOrigin, identity: AccountIdentity?, at: Date) async throws -> User {
        try withState { state in
            guard !state.users.values.contains(where: { $0.username == username }) else { throw StoreError.conflict("user \(username)") }
            if let identity, Self.holder(of: identity, in: state) != nil { throw StoreError.conflict("identity \(identity.description)") }
            let user = User(id: state.nextID(), username: username, isActive: true, isAdmin: isAdmin, origin: origin, tokenGeneration: 1)
            state.users[user.id] = user
            state.passwordHashes[user.id] = passwordHash
            if let identity { state.identities[user.id] = [identity] }
            return user
        }
    }

    /// Who holds the identity's subject, if anyone.
    static func holder(of identity: AccountIdentity, in state: State) -> UserID? {
        guard let subject = identity.subject else { return nil }
        return state.identities.first { $0.value.contains { $0.issuer == identity.issuer && $0.subject == subject } }?.key
    }

    public func user(issuer: String, subject: String) async throws -> User? {
        try withState { state in
            Self.holder(of: AccountIdentity(origin: .oidc, issuer: issuer, subject: subject), in: state).flatMap { state.users[$0] }
        }
    }

    public func identities(userID: UserID) async throws -> [AccountIdentity] {
        try withState { state in
            (state.identities[userID] ?? []).sorted { ($0.origin.rawValue, $0.issuer) < ($1.origin.rawValue, $1.issuer) }
        }
    }

    public func link(userID: UserID, _ identity: AccountIdentity, at: Date) async throws -> Bool {
        try withState { state in
            guard state.users[userID] != nil else { return false }
            if let holder = Self.holder(of: identity, in: state), holder != userID { throw StoreError.conflict("identity \(identity.description)") }
            var held = state.identities[userID] ?? []
            if let index = held.firstIndex(where: { $0.origin == identity.origin && $0.issuer == identity.issuer }) {
                if identity.subject != nil { held[index].subject = identity.subject }
            } else {
                held.append(identity)
            }
            state.identities[userID] = held
            return true
        }
    }

    public func unlink(userID: UserID, origin: AccountOrigin, issuer: String) async throws -> Bool {
        try withState { state in
            guard let held = state.identities[userID], let index = held.firstIndex(where: { $0.origin == origin && $0.issuer == issuer }) else { return false }
            state.identities[userID]?.remove(at: index)
            return true
        }
    }

    public func user(id: UserID) async throws -> User? {
        try withState { $0.users[id] }
    }

    public func user(named username: String) async throws -> User? {
        try withState(.readAccount) { $0.users.values.first { $0.username == username } }
    }

    public func passwordHash(username: String) async throws -> String? {
        try withState { state in state.users.values.first { $0.username == username }.flatMap { state.passwordHashes[$0.id] } }
    }

    public func setPasswordHash(username: String, hash: String, at: Date) async throws -> Bool {
        try withState { state in
            guard let user = state.users.values.first(where: { $0.username == username }) else { return false }
            state.passwordHashes[user.id] = hash
            Self.revoke(user.id, at: at, in: &state)
            return true
        }
    }

    public func users() async throws -> [User] {
        try withState { $0.users.values.sorted { $0.username < $1.username } }
    }

    public func users(after username: String?, limit: Int) async throws -> [User] {
        try withState { state in
            Array(state.users.values.filter { user in username.map { user.username > $0 } ?? true }.sorted { $0.username < $1.username }.prefix(limit))
        }
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try withState { state in
            guard var user = state.users[id] else { return nil }
            if let isActive = patch.isActive { user.isActive = isActive }
            if let isAdmin = patch.isAdmin { user.isAdmin = isAdmin }
            state.users[id] = user
            return user
        }
    }

    public func deleteUser(id: UserID) async throws -> Bool {
        try withState { state in
            guard state.users.removeValue(forKey: id) != nil else { return false }
            state.forgetUser(id)
            return true
        }
    }

    public func deleteUser(named username: String) async throws -> Bool {
        guard let user = try await user(named: username) else { return false }
        return try await deleteUser(id: user.id)
    }

    public func recordLogin(userID: UserID, expiresAt: Date, at: Date) async throws {
        try withState { state in
            state.users[userID]?.loginExpiresAt = expiresAt
            state.users[userID]?.lastLoginAt = at
        }
    }

    public func revokeTokens(userID: UserID, at: Date) async throws -> Bool {
        try withState { state in
            guard state.users[userID] != nil else { return false }
            Self.revoke(userID, at: at, in: &state)
            return true
        }
    }

    static func revoke(_ userID: UserID, at: Date, in state: inout State) {
        state.users[userID]?.tokenGeneration += 1
        state.users[userID]?.tokensRevokedAt = at
    }

    public func setConfined(userID: UserID, _ isConfined: Bool) async throws {
        try withState { state in state.users[userID]?.isConfined = isConfined }
    }

    public func confinedUserIDs() async throws -> Set<UserID> {
        try withState { state in Set(state.users.values.filter { $0.isConfined || $0.origin == .demo }.map(\.id)) }
    }

    public func setAdmin(userID: UserID, _ isAdmin: Bool) async throws {
        try withState { $0.users[userID]?.isAdmin = isAdmin }
    }

    public func adminCount() async throws -> Int {
        try withState { $0.users.values.filter(\.isAdmin).count }
    }

    public func deviceOwner(token: String) async throws -> UserID? {
        try withState { state in state.devices.values.first { $0.token == token }?.userID }
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        try withState { state in
            var tokens: [UserID: [String]] = [:]
            for device in state.devices.values.sorted(by: { $0.id < $1.id }) where userIDs.contains(device.userID) {
                tokens[device.userID, default: []].append(device.token)
            }
            return tokens
        }
    }

    public func devices(userID: UserID) async throws -> [Device] {
        try withState { state in
            state.devices.values.filter { $0.userID == userID }.sorted { ($0.lastSeenAt, $0.id) > ($1.lastSeenAt, $1.id) }
                .map { Device(id: $0.id, token: $0.token, platform: $0.platform, createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt) }
        }
    }

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        try withState { state in
            guard var device = state.devices.values.first(where: { $0.token == token }) else {
                let device = DeviceRow(id: state.nextID(), userID: userID, token: token, platform: platform, createdAt: date, lastSeenAt: date)
                state.devices[device.id] = device
                return .added
            }
            let already = device.userID == userID
            if !already { device.createdAt = date }
            device.userID = userID
            device.platform = platform
            device.lastSeenAt = date
            state.devices[device.id] = device
            return already ? .alreadyRegistered : .added
        }
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try withState { state in
            guard let device = state.devices.values.first(where: { $0.token == token && $0.userID == userID }) else { return false }
            state.devices[device.id] = nil
            return true
        }
    }

    public func trimDevices(userID: UserID, keeping: Int) async throws -> Int {
        try withState { state in
            let newestFirst = state.devices.values.filter { $0.userID == userID }.sorted { ($0.lastSeenAt, $0.id) > ($1.lastSeenAt, $1.id) }
            let gone = newestFirst.dropFirst(keeping)
            for device in gone { state.devices[device.id] = nil }
            return gone.count
        }
    }
}
