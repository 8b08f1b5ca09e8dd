import Foundation
import HeraldCore
import Logging
import ServiceLifecycle

/// Publishes held notifications when they are due. Every replica with the
/// API runs one; a claim's lease keeps two from taking the same one. Each is
/// published under a key (its own or `scheduled:<id>`), so one published
/// just before a crash and taken again after the lease is not published
/// twice. Checks at least every second, so a notification goes out within
/// a second of its time.
public struct ScheduleService: Service {
    let store: any ScheduleStore
    let publisher: Publisher
    let clock: WallClock
    let logger: Logger
    /// The longest wait between checks.
    var maxWait: TimeInterval = 0.5
    /// How long a claim keeps other schedulers off.
    var lease: TimeInterval = 60

    public init(store: any ScheduleStore, publisher: Publisher, clock: WallClock, logger: Logger) {
        self.store = store
        self.publisher = publisher
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled {
            var wait = maxWait
            do {
                try await publishDue()
                if let next = try await store.nextScheduledTime() {
                    wait = max(0.05, min(maxWait, next.timeIntervalSince(clock.now())))
                }
            } catch {
                logger.warning("scheduled notifications could not be published now; trying again", metadata: ["error": "\(error)"])
                wait = 2
            }
            let pause = Duration.milliseconds(Int(wait * 1000))
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                return
            }
        }
    }

    /// Publishes every due notification; returns how many went out.
    @discardableResult
    public func publishDue() async throws -> Int {
        var published = 0
        while true {
            let now = clock.now()
            let due = try await store.claimDueScheduled(now: now, leaseUntil: now.addingTimeInterval(lease), limit: 100)
            var done: [Int64] = []
            for held in due {
                var draft = held.draft
                draft.key = held.publishingKey
                do {
                    _ = try await publisher.post(draft, to: held.serviceID, from: .scheduled)
                    published += 1
                } catch PublishError.rejected(let issues) {
                    // It met the rules when held; only time can break them (an expiry now past).
                    logger.notice("scheduled notification dropped", metadata: ["scheduled": "\(held.id)", "why": "\(issues.map(\.description))"])
                } catch PublishError.serviceNotFound {
                    logger.notice("scheduled notification dropped: its service is gone", metadata: ["scheduled": "\(held.id)"])
                }
                done.append(held.id)
            }
            try await store.finishScheduled(ids: done)
            if due.count < 100 { return published }
        }
    }
}
