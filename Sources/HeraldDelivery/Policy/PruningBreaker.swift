import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import Prometheus

/// A circuit breaker on removing devices. One dead token is normal; most of
/// a provider's answers saying "bad token / wrong topic / sender mismatch"
/// at once is a misconfiguration (APNs sandbox vs production, a wrong
/// bundle id or Firebase project), and believing it would delete every
/// device in one pass. So, per provider, over a sliding window: when at
/// least `minimumAnswers` answers came and `openShare` of them condemned
/// their token, the breaker opens: condemned deliveries are retried later
/// instead and no device is removed; it closes when the share falls under
/// `closeShare`. Opening and closing are logged, counted in `/metrics`, and
/// reported as a readiness warning (`token-pruning`).
public final class PruningBreaker: Sendable {
    public struct Settings: Sendable {
        public var window: TimeInterval = 60
        public var minimumAnswers = 20
        public var openShare = 0.5
        public var closeShare = 0.2

        public init() {}
    }

    /// The answers of one second: counted, not kept. A list of every
    /// answer in the window held 720,000 entries a minute at 12,000 pushes
    /// per second, and was filtered whole at every batch.
    struct Second {
        var second: Int64
        /// The latest answer in it: the second leaves the window after this does.
        var last: Date
        var answers = 0
        var condemned = 0
    }

    struct ProviderState {
        /// The seconds with answers inside the window, oldest first.
        var seconds: [Second] = []
        var isOpen = false
    }


    let settings: Settings
    let parts: PartStates
    let logger: Logger
    private let states = NIOLockedValueBox<[Platform: ProviderState]>([:])
    private let openGauges: [Platform: Gauge]
    private let held: [Platform: Counter]

    public init(settings: Settings = Settings(), parts: PartStates, registry: PrometheusCollectorRegistry, logger: Logger) {
        self.settings = settings
        self.parts = parts
        self.logger = logger
        var gauges: [Platform: Gauge] = [:]
        var held: [Platform: Counter] = [:]
        for platform in Platform.allCases {
            gauges[platform] = registry.makeGauge(
                descriptor: .init(
                    metricName: "herald_token_pruning_paused", unitName: "",
                    helpText: "1 while device removal is paused because most of the provider's answers condemn their token (a misconfiguration?)."
                ),
                labels: [("provider", platform.rawValue)]
            )
            held[platform] = registry.makeCounter(
                descriptor: .init(
                    metricName: "herald_token_drops_held_total", unitName: "",
                    helpText: "Dead-token answers not acted on (device kept, delivery retried) while removal was paused."
                ),
                labels: [("provider", platform.rawValue)]
            )
        }
        self.openGauges = gauges
        self.held = held
        parts.set(.tokenPruning, .running)
    }

    /// Takes a provider's answers to one batch into account and says
    /// whether removal is paused for it now.
    public func observe(_ replies: [ReplyClass], platform: Platform, now: Date) -> Bool {
        let (isOpen, change) = states.withLockedValue { states -> (Bool, (opened: Bool, share: Double, answers: Int)?) in
            var state = states[platform] ?? ProviderState()
            var (answered, condemnedNow) = (0, 0)
            for reply in replies {
                switch reply {
                case .sent: answered += 1
                case .dropToken: answered += 1; condemnedNow += 1
                case .retry, .credentials, .fail, .withheld: continue  // says nothing about tokens
                }
            }
            if answered > 0 {
                let second = Int64(now.timeIntervalSince1970.rounded(.down))
                if state.seconds.last?.second != second { state.seconds.append(Second(second: second, last: now)) }
                state.seconds[state.seconds.count - 1].last = max(now, state.seconds[state.seconds.count - 1].last)
                state.seconds[state.seconds.count - 1].answers += answered
                state.seconds[state.seconds.count - 1].condemned += condemnedNow
            }
            state.seconds.removeAll { now.timeIntervalSince($0.last) > settings.window }
            let answers = state.seconds.reduce(0) { $0 + $1.answers }
            let condemned = state.seconds.reduce(0) { $0 + $1.condemned }
            let share = answers == 0 ? 0 : Double(condemned) / Double(answers)
            var change: (Bool, Double, Int)?
            if !state.isOpen, answers >= settings.minimumAnswers, share >= settings.openShare {
                state.isOpen = true
                change = (true, share, answers)
            } else if state.isOpen, share < settings.closeShare {
                state.isOpen = false
                change = (false, share, answers)
            }
            states[platform] = state
            return (state.isOpen, change)
        }
        if let change { announce(change, platform: platform) }
        return isOpen
    }

    /// Counts a dead-token answer that was not acted on.
    func held(_ count: Int, platform: Platform) {
        held[platform]?.increment(by: Int64(count))
    }

    public func isOpen(_ platform: Platform) -> Bool {
        states.withLockedValue { $0[platform]?.isOpen ?? false }
    }

    private func announce(_ change: (opened: Bool, share: Double, answers: Int), platform: Platform) {
        let name = platform == .apns ? "APNs" : "FCM"
        let percent = Int((change.share * 100).rounded())
        openGauges[platform]?.set(Int64(change.opened ? 1 : 0))
        if change.opened {
            let hint =
                platform == .apns
                ? "check APNS_TOPIC (the app's bundle id) and APPLE_SERVER (sandbox or production) against the app's build"
                : "check FIREBASE_PROJECT_ID and the service account against the app's Firebase project"
            logger.error(
                "device removal paused: \(percent)% of \(name)'s last \(change.answers) answers say the token is bad; devices are kept and their pushes retried; \(hint)",
                metadata: ["provider": "\(platform.rawValue)"]
            )
        } else {
            logger.notice("device removal resumed: \(name)'s answers look normal again (\(percent)% bad tokens)", metadata: ["provider": "\(platform.rawValue)"])
        }
        let paused = Platform.allCases.filter { isOpen($0) }
        parts.set(
            .tokenPruning,
            paused.isEmpty ? .running : .stopped(reason: "paused for \(paused.map { $0 == .apns ? "APNs" : "FCM" }.joined(separator: ", ")): most answers say the token is bad (a misconfiguration?)")
        )
    }
}
