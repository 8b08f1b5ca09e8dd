import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Which providers have stopped answering, and since when. A provider goes
/// quiet when none of a call's pushes gets an answer (connections refused,
/// reset or timed out) and answers again at the first answer of any kind;
/// it is *down* once it has been quiet for `minimumOutage` (shorter blips,
/// a reset connection now and then, are left to each push's own backoff).
///
/// While one is down its retries wait out a growing backoff, which keeps
/// the queue quiet during a long outage. So that its return is felt in
/// seconds rather than at the end of each delivery's backoff, the worker
/// brings one retry forward every `canaryInterval` (a real push that tells
/// whether the provider answers again), and when it does, makes every
/// waiting retry of that provider due at once.
final class ProviderOutages: Sendable {
    enum Change: Equatable {
        case began
        case ended(since: Date)
    }

    private struct Quiet {
        var since: Date
        var down = false
        var lastCanary: Date
    }

    let minimumOutage: TimeInterval
    let canaryInterval: TimeInterval
    private let quiet = NIOLockedValueBox([Platform: Quiet]())
    /// Providers that answered again, and when: for `settling` seconds after
    /// that, retries of theirs are made due at each poll too. Some escape the
    /// first sweep: rows a concurrent claim or write holds (skipped, not
    /// waited for), pushes in flight at the return that fail and are
    /// recorded after it, a sweep the database could not run. Without this
    /// they waited out their backoff (39 and 63 s seen under load). The
    /// window opens at the first sweep that ran (nil until then): a return
    /// whose sweeps keep failing, or whose polls are held up, is not
    /// forgotten after `settling` seconds with all its retries still waiting.
    private let returned = NIOLockedValueBox([Platform: Date?]())
    let settling: TimeInterval = 10

    init(minimumOutage: TimeInterval = 10, canaryInterval: TimeInterval = 2) {
        self.minimumOutage = minimumOutage
        self.canaryInterval = canaryInterval
    }

    /// After a provider call of `attempts` pushes of which `answered` got an
    /// answer: whether an outage began or ended with it.
    func observe(_ platform: Platform, attempts: Int, answered: Int, now: Date) -> Change? {
        guard attempts > 0 else { return nil }
        return quiet.withLockedValue { quiet in
            if answered > 0 {
                guard let ended = quiet.removeValue(forKey: platform), ended.down else { return nil }
                return .ended(since: ended.since)
            }
            // A push without an answer just after the return (a connection still being remade)
            // does not end its sweeps: only the provider called down again does.
            guard var state = quiet[platform] else {
                quiet[platform] = Quiet(since: now, lastCanary: now)
                return nil
            }
            defer { quiet[platform] = state }
            guard Self.declare(&state, now: now, after: minimumOutage) else { return nil }
            returned.withLockedValue { _ = $0.removeValue(forKey: platform) }
            return .began
        }
    }

    /// On the worker's poll: providers quiet long enough to be called down
    /// now, and those due another canary (each counted as sent one now).
    func tick(now: Date) -> (began: [Platform], canaries: [Platform]) {
        quiet.withLockedValue { quiet in
            var began: [Platform] = []
            var canaries: [Platform] = []
            for (platform, var state) in quiet {
                if Self.declare(&state, now: now, after: minimumOutage) {
                    began.append(platform)
                    returned.withLockedValue { _ = $0.removeValue(forKey: platform) }
                }
                if state.down, now.timeIntervalSince(state.lastCanary) >= canaryInterval {
                    state.lastCanary = now
                    canaries.append(platform)
                }
                quiet[platform] = state
            }
            return (began, canaries)
        }
    }

    /// Notes that a provider answers again (see `returned`): `swept` is when
    /// a sweep of its retries ran, nil while none could.
    func noteReturn(_ platform: Platform, swept: Date?) {
        returned.withLockedValue { returned in
            // A window once open keeps its start, so it closes `settling` after it.
            if case .some(.some) = returned[platform] { return }
            returned[platform] = .some(swept)
        }
    }

    /// The providers whose retries are swept at this poll: back for less
    /// than `settling` seconds since their first sweep that ran, or with
    /// none run yet. Older returns are forgotten.
    func settlingReturns(now: Date) -> [Platform] {
        returned.withLockedValue { returned in
            returned = returned.filter { _, swept in swept.map { now.timeIntervalSince($0) < settling } ?? true }
            return Array(returned.keys)
        }
    }

    /// Marks a quiet provider down once it has been quiet `after` seconds;
    /// true when that happens now.
    private static func declare(_ state: inout Quiet, now: Date, after: TimeInterval) -> Bool {
        guard !state.down, now.timeIntervalSince(state.since) >= after else { return false }
        state.down = true
        return true
    }
}
