import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Brakes on guessing, in two kinds:
///
/// - **Per address.** Failed logins are counted per client address, and per
///   user name from that address, over the last minute; past `limit`,
///   further attempts are refused (429 with Retry-After) before any password
///   is checked, so a flood costs no bcrypt or directory work.
/// - **Per account, from anywhere.** Past `accountLimit` failures for one
///   name in an hour, from however many addresses, its attempts are spaced
///   out rather than refused for good: one password check is let through,
///   then the next only after a pause that doubles with each further
///   failure, up to `longestAccountPause`; the rest are answered 429 with
///   the seconds left. Guessing from a thousand addresses then gets about
///   one guess a minute, and the owner waits a minute at worst. An address
///   the account signed in from lately (`knownAddressDays`) is not held
///   back by the account's brake at all, so its owner signs in from their
///   usual machine while someone guesses from elsewhere; only that
///   address's own brake applies to it.
///
/// A login whose account or address failed lately is *suspect*: its check
/// runs in the login pool's share for those (`BlockingPool.Lane`), so a
/// flood cannot take the threads everyone else's logins need. In memory,
/// per process: each replica brakes on its own.
public final class FailedLoginLimiter: Sendable {
    public let limit: Int
    public let window: TimeInterval
    /// Failures for one name from anywhere in `accountWindow` before its attempts are spaced out.
    public let accountLimit: Int
    public let accountWindow: TimeInterval
    /// The longest pause between two checks of a braked account's password.
    public static let longestAccountPause: TimeInterval = 60
    /// How long an address an account signed in from stays exempt from that account's brake.
    public static let knownAddressDays = 30
    /// Keys kept at most; beyond it the stalest are forgotten first.
    let maxKeys: Int
    private let failures = NIOLockedValueBox<[String: [Date]]>([:])
    private let accounts = NIOLockedValueBox<[String: Account]>([:])

    /// What the brake knows of one name.
    private struct Account {
        /// Failures within the window, oldest first (a few past the limit are enough to tell the pause).
        var failures: [Date] = []
        /// When the next check of a braked account's password may start.
        var nextCheck: Date?
        /// Addresses (an IPv6 client's /64) it signed in from, and when last.
        var known: [String: Date] = [:]

        var lastSeen: Date { max(failures.last ?? .distantPast, known.values.max() ?? .distantPast) }
    }

    /// What the brakes say of an attempt.
    public enum Admission: Sendable, Equatable {
        /// Check the password, in this share of the login pool.
        case check(BlockingPool.Lane)
        /// Refused for `seconds`: by the address's brake, or (`account`) by the account's.
        case wait(seconds: Int, account: Bool)
    }

    public init(limit: Int, window: TimeInterval = 60, accountLimit: Int = 20, accountWindow: TimeInterval = 3600, maxKeys: Int = 100_000) {
        self.limit = max(1, limit)
        self.window = window
        self.accountLimit = max(1, accountLimit)
        self.accountWindow = accountWindow
        self.maxKeys = maxKeys
    }

    /// The keys a login attempt counts against: its client (an IPv6 client
    /// by its /64, which one host usually holds whole), and the user name
    /// from that client.
    public static func keys(client: IPAddress?, username: String) -> [String] {
        let username = name(username)
        guard let client else { return ["user:" + username] }
        let network = Self.network(client)
        return ["user:\(username)@\(network)", "client:\(network)"]
    }

    /// A name as the brakes keep it: no account's is longer, and a
    /// megabyte typed as a name must not be kept a hundred thousand times.
    static func name(_ username: String) -> String { String(username.prefix(256)) }

    public static func network(_ client: IPAddress) -> String {
        (client.bytes.count == 16 ? IPAddress(bytes: Array(client.bytes.prefix(8)) + Array(repeating: 0, count: 8)) ?? client : client).description
    }

    /// Whether a password login for `username` from `client` may be checked
    /// now. A braked account's next check is taken by the attempt let
    /// through, so a crowd arriving at once gets one check, not one each.
    public func admit(username: String, client: IPAddress?, now: Date) -> Admission {
        let keys = Self.keys(client: client, username: username)
        if let wait = retryAfter(keys, now: now) { return .wait(seconds: wait, account: false) }
        let addressFailed = failures.withLockedValue { failures in keys.contains { !(failures[$0] ?? []).isEmpty } }
        let address = client.map(Self.network)
        let username = Self.name(username)
        return accounts.withLockedValue { accounts -> Admission in
            var account = accounts[username] ?? Account()
            account.failures.removeAll { now.timeIntervalSince($0) >= accountWindow }
            account.known = account.known.filter { now.timeIntervalSince($0.value) < Double(Self.knownAddressDays) * 86_400 }
            defer { accounts[username] = account.failures.isEmpty && account.known.isEmpty ? nil : account }
            // The owner's usual address: neither held back nor counted suspect.
            if let address, account.known[address] != nil { return .check(.clean) }
            let lane: BlockingPool.Lane = account.failures.isEmpty && !addressFailed ? .clean : .suspect
            guard account.failures.count >= accountLimit else { return .check(lane) }
            if let next = account.nextCheck, next > now {
                return .wait(seconds: max(1, Int(next.timeIntervalSince(now).rounded(.up))), account: true)
            }
            let beyond = account.failures.count - accountLimit + 1
            account.nextCheck = now.addingTimeInterval(min(Self.longestAccountPause, pow(2, Double(beyond))))
            return .check(.suspect)
        }
    }

    /// Seconds until an attempt for these keys may be made, or nil when it may now.
    public func retryAfter(_ keys: [String], now: Date) -> Int? {
        failures.withLockedValue { failures in
            var wait: TimeInterval = 0
            for key in keys {
                let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
                failures[key] = recent.isEmpty ? nil : recent
                if recent.count >= limit, let oldest = recent.first {
                    wait = max(wait, window - now.timeIntervalSince(oldest))
                }
            }
            return wait > 0 ? max(1, Int(wait.rounded(.up))) : nil
        }
    }

    /// A refused password login: counted against its address and its account.
    public func recordFailure(username: String, client: IPAddress?, now: Date) {
        recordFailure(Self.keys(client: client, username: username), now: now)
        let username = Self.name(username)
        accounts.withLockedValue { accounts in
            var account = accounts[username] ?? Account()
            account.failures.append(now)
            // The pause stops growing long before this many.
            account.failures = Array(account.failures.suffix(accountLimit + 16))
            accounts[username] = account
            if accounts.count > maxKeys { Self.forgetStalest(&accounts, keeping: maxKeys / 2) }
        }
    }

    /// An accepted password login: its address is the account's own from now on.
    public func recordSuccess(username: String, client: IPAddress?, now: Date) {
        guard let client else { return }
        let username = Self.name(username)
        accounts.withLockedValue { accounts in
            var account = accounts[username] ?? Account()
            account.known[Self.network(client)] = now
            // A person signs in from a handful of places; a long list would be someone's collection.
            if account.known.count > 32, let oldest = account.known.min(by: { $0.value < $1.value }) { account.known[oldest.key] = nil }
            accounts[username] = account
            if accounts.count > maxKeys { Self.forgetStalest(&accounts, keeping: maxKeys / 2) }
        }
    }

    public func recordFailure(_ keys: [String], now: Date) {
        failures.withLockedValue { failures in
            for key in keys {
                var recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
                recent.append(now)
                failures[key] = Array(recent.suffix(limit))
            }
            if failures.count > maxKeys { Self.forgetStalest(&failures, keeping: maxKeys / 2) }
        }
    }

    private static func forgetStalest(_ failures: inout [String: [Date]], keeping count: Int) {
        let newestFirst = failures.sorted { ($0.value.last ?? .distantPast) > ($1.value.last ?? .distantPast) }
        failures = Dictionary(uniqueKeysWithValues: newestFirst.prefix(count).map { ($0.key, $0.value) })
    }

    private static func forgetStalest(_ accounts: inout [String: Account], keeping count: Int) {
        let newestFirst = accounts.sorted { $0.value.lastSeen > $1.value.lastSeen }
        accounts = Dictionary(uniqueKeysWithValues: newestFirst.prefix(count).map { ($0.key, $0.value) })
    }
}
