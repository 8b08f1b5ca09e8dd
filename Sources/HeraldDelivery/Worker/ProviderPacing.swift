import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// How fast fan-outs' pushes (`bulk`) may go to each provider (issue 27):
/// at most the site's rate for that provider (`APNS_FANOUT_RATE`,
/// `FCM_FANOUT_RATE`, `WEBPUSH_FANOUT_RATE`: a project's quota), and not at
/// all while the provider has asked every sender to wait (a Retry-After,
/// or FCM's minute after a quota error, on a share of one send's answers).
///
/// A provider over its pace is *withheld*: the claims leave its bulk pushes
/// in the queue, and take everything else — other providers' pushes, and
/// every push that is not a fan-out's, whatever its provider — so a large
/// audience's pace never holds up anyone else's alarm. The rate is kept
/// per claimed batch: a claim may overshoot it by one batch, which the
/// bucket then pays back before the provider's next bulk claim.
final class ProviderPacing: Sendable {
    /// A provider is paused when at least this many of one send's answers,
    /// and at least `pauseShare` of them, asked to wait: one device's own
    /// limit (FCM's per-device quota) does not stop a fan-out.
    static let pauseAnswers = 2
    static let pauseShare = 0.05
    /// The longest pause taken from a provider's answer.
    static let longestPause: TimeInterval = 600

    private struct Bucket {
        var tokens: Double
        var at: Date
    }

    private struct State {
        var pausedUntil: [Platform: Date] = [:]
        var buckets: [Platform: Bucket] = [:]
    }

    /// Pushes per second per provider; a provider not named is unbounded.
    let rates: [Platform: Double]
    private let state = NIOLockedValueBox(State())

    init(rates: [Platform: Double]) {
        self.rates = rates.filter { $0.value > 0 }
    }

    /// The providers whose bulk pushes claims must leave in the queue now.
    func withheld(now: Date) -> Set<Platform> {
        state.withLockedValue { state in
            var withheld = Set<Platform>()
            for (platform, until) in state.pausedUntil {
                if until > now { withheld.insert(platform) } else { state.pausedUntil[platform] = nil }
            }
            for (platform, rate) in rates where Self.refilled(&state.buckets, platform, rate: rate, now: now) < 0 {
                withheld.insert(platform)
            }
            return withheld
        }
    }

    /// When the first withheld provider may be claimed again (nil: none is withheld).
    func nextRelease(now: Date) -> Date? {
        state.withLockedValue { state in
            var times = state.pausedUntil.values.filter { $0 > now }
            for (platform, rate) in rates {
                let tokens = Self.refilled(&state.buckets, platform, rate: rate, now: now)
                if tokens < 0 { times.append(now.addingTimeInterval(-tokens / rate)) }
            }
            return times.min()
        }
    }

    /// `count` bulk pushes to `platform` were claimed: their share of the rate is spent.
    func spend(_ count: Int, on platform: Platform, now: Date) {
        guard count > 0, let rate = rates[platform] else { return }
        state.withLockedValue { state in
            let tokens = Self.refilled(&state.buckets, platform, rate: rate, now: now)
            state.buckets[platform] = Bucket(tokens: tokens - Double(count), at: now)
        }
    }

    /// Reads one send's answers: when enough of them asked to wait, the
    /// provider's bulk pushes pause for the longest wait asked. Returns the
    /// pause's end when this answer started or lengthened it.
    @discardableResult
    func observe(_ platform: Platform, replies: [ReplyClass], now: Date) -> Date? {
        var waits: [TimeInterval] = []
        for case .retry(_, let delay) in replies where delay > 0 { waits.append(delay) }
        guard waits.count >= Self.pauseAnswers, Double(waits.count) >= Self.pauseShare * Double(replies.count), let longest = waits.max() else { return nil }
        let until = now.addingTimeInterval(min(longest, Self.longestPause))
        return state.withLockedValue { state in
            guard (state.pausedUntil[platform] ?? .distantPast) < until else { return nil }
            state.pausedUntil[platform] = until
            return until
        }
    }

    /// A bucket holds at most one second of its rate.
    private static func refilled(_ buckets: inout [Platform: Bucket], _ platform: Platform, rate: Double, now: Date) -> Double {
        guard let bucket = buckets[platform] else {
            buckets[platform] = Bucket(tokens: rate, at: now)
            return rate
        }
        let tokens = min(rate, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) * rate)
        buckets[platform] = Bucket(tokens: tokens, at: now)
        return tokens
    }
}
