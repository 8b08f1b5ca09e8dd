import Foundation
import HTTPTypes
import HeraldCore

/// How often one client may ask for calendar feeds (FEED_REQUESTS_PER_MINUTE,
/// issue 39): the route needs no sign-in (a phone's calendar cannot sign
/// in), so its only guard against someone trying addresses is this brake.
/// A calendar app asks every few minutes to hours; a brake of a minute's
/// worth lets a whole office behind one address through. Per process.
struct FeedBrake: Sendable {
    let buckets: KeyedBuckets<String>
    let clock: WallClock

    init(perMinute: Int, clock: WallClock) {
        buckets = KeyedBuckets(perSecond: Double(perMinute) / 60, burst: max(1, perMinute))
        self.clock = clock
    }

    /// Throws 429 with Retry-After for a client over its rate: an IPv6
    /// client by its /64, which one host usually holds whole (a client with
    /// no readable address shares one bucket).
    func take(client: IPAddress?, refusals: RefusalMetrics) throws {
        let network = client.map { $0.bytes.count == 16 ? IPAddress(bytes: Array($0.bytes.prefix(8)) + Array(repeating: 0, count: 8)) ?? $0 : $0 }
        guard let wait = buckets.take(network.map { "\($0)" } ?? "unknown", now: clock.now()) else { return }
        refusals.count(.feedRate)
        throw APIError(.tooManyRequests, "Too many calendar feed requests from this address: try again in \(wait) seconds", headers: [.retryAfter: "\(wait)"])
    }
}
