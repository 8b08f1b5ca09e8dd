import Foundation
import HeraldCore
import Logging
import ServiceLifecycle

/// In a storm, what matters still arrives: posts a service made over its
/// limit are refused (the sender hears 429), and once a minute its
/// subscribers get one notification saying how many they missed, instead
/// of nothing. On shutdown what is counted so far is published at once.
public struct DigestService: Service {
    let flood: FloodControl
    let services: any ServiceStore
    let publisher: Publisher
    let clock: WallClock
    let logger: Logger
    /// How long refusals are gathered into one digest.
    let window: TimeInterval
    /// How often due digests are looked for.
    let tick: Duration

    public init(flood: FloodControl, services: any ServiceStore, publisher: Publisher, clock: WallClock, logger: Logger) {
        self.flood = flood
        self.services = services
        self.publisher = publisher
        self.clock = clock
        self.logger = logger
        self.window = TimeInterval(flood.limits.digestWindowSeconds)
        // Looked for often enough that a digest is at most a twelfth of a window late.
        self.tick = .milliseconds(min(5_000, flood.limits.digestWindowSeconds * 1_000 / 12))
    }

    public func run() async throws {
        while true {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: tick) }
            } catch {
                // Shutting down (or cancelled, when another service failed):
                // what was counted goes out now, then the loop ends. Looping on
                // would spin, each sleep thrown at once, and hold the group open.
                await publishDue(olderThan: 0)
                return
            }
            await publishDue(olderThan: window)
        }
    }

    /// Publishes a digest for every service whose refusals were counted at
    /// least `window` ago. A digest that cannot be stored (the database is
    /// away) is counted again for the next round, not forgotten.
    public func publishDue(olderThan window: TimeInterval) async {
        for missed in flood.takeMissed(olderThan: window, now: clock.now()) {
            do {
                guard let service = try await services.service(id: missed.serviceID) else { continue }
                let rate = (try await services.serviceRateLimit(serviceID: missed.serviceID)) ?? flood.defaultRate
                _ = try await publisher.publish(
                    Self.digest(missed, service: service, rate: rate, window: window), to: missed.serviceID, from: .digest
                )
                logger.notice(
                    "published a digest of refused posts",
                    metadata: ["service_id": "\(missed.serviceID)", "refused": "\(missed.count)"]
                )
            } catch PublishError.rejected(let issues) {
                logger.error("a digest of refused posts broke a notification rule; dropped", metadata: ["service_id": "\(missed.serviceID)", "issues": "\(issues)"])
            } catch {
                flood.countAgain(missed)
                logger.warning("could not publish a digest of refused posts; trying again", metadata: ["service_id": "\(missed.serviceID)", "error": "\(error)"])
            }
        }
    }

    static func digest(_ missed: FloodControl.Missed, service: ServiceRecord, rate: RateLimit, window: TimeInterval) -> NotificationDraft {
        let noun = missed.count == 1 ? "notification" : "notifications"
        let period = window == 60 ? "minute" : window == 1 ? "second" : "\(Int(window)) seconds"
        return NotificationDraft(
            title: "\(missed.count) more \(noun) from \(service.category) in the last \(period)",
            subtitle: "Not delivered: \(service.category) posted faster than its limit of \(rate.perSecond.formatted()) per second (burst \(rate.burst)).",
            url: ""
        )
    }
}

extension PublishSource {
    /// Digests of posts refused for a service's rate limit.
    public static let digest = PublishSource("digest")
}

extension DigestService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "digests" }
}
