import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Brakes on guessing: failed logins are counted per client address, and
/// per user name from that address, over the last minute; past `limit`,
/// further attempts are refused (429 with Retry-After) before any password
/// is checked, so a flood costs no bcrypt or directory work and cannot
/// starve other users. A name is braked per address, never everywhere at
/// once: ten wrong passwords from anywhere must not lock its owner (the
/// admin included) out of signing in from their own machine. In memory,
/// per process: each replica brakes on its own.
public final class FailedLoginLimiter: Sendable {
    public let limit: Int
    public let window: TimeInterval
    /// Keys kept at most; beyond it the stalest are forgotten first.
    let maxKeys: Int
    private let failures = NIOLockedValueBox<[String: [Date]]>([:])

    public init(limit: Int, window: TimeInterval = 60, maxKeys: Int = 100_000) {
        self.limit = max(1, limit)
        self.window = window
        self.maxKeys = maxKeys
    }

    /// The keys a login attempt counts against: its client (an IPv6 client
    /// by its /64, which one host usually holds whole), and the user name
    /// from that client.
    public static func keys(client: IPAddress?, username: String) -> [String] {
        guard let client else { return ["user:" + username] }
        let network = client.bytes.count == 16 ? IPAddress(bytes: Array(client.bytes.prefix(8)) + Array(repeating: 0, count: 8)) ?? client : client
        return ["user:\(username)@\(network)", "client:\(network)"]
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
}
