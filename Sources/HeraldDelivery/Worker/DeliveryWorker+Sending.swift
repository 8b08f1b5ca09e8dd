import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import Prometheus
import Tracing

/// Sending a claimed batch, recording what became of each push, and
/// noticing providers that stopped answering.
extension DeliveryWorker {
    /// Sends a claimed batch in groups of `answerGroupSize`, all at once,
    /// and records each group's outcomes as soon as its answers are in, so
    /// a crash repeats only pushes whose answers were not yet written.
    /// `answered` is called once every group has its answers.
    func deliver(_ batch: [ClaimedDelivery], answered: @escaping @Sendable () -> Void) async {
        let size = max(1, settings.answerGroupSize)
        let groups = stride(from: 0, to: batch.count, by: size).map { Array(batch[$0..<min($0 + size, batch.count)]) }
        let unanswered = NIOLockedValueBox(groups.count)
        var calls: [DeliveryTracing.ProviderCall] = []
        await withTaskGroup(of: [DeliveryTracing.ProviderCall].self) { group in
            for deliveries in groups {
                group.addTask {
                    let (results, calls) = await send(deliveries)
                    if unanswered.withLockedValue({ $0 -= 1; return $0 }) == 0 { answered() }
                    await record(results)
                    return calls
                }
            }
            for await groupCalls in group { calls += groupCalls }
        }
        if groups.isEmpty { answered() }
        tracing.record(DeliveryTracing.ProviderCall.merged(calls))
    }

    /// Sends deliveries, each platform's share in one go, and says what
    /// became of every delivery, with the provider calls for tracing.
    func send(_ batch: [ClaimedDelivery]) async -> (results: [DeliveryResult], calls: [DeliveryTracing.ProviderCall]) {
        let now = clock.now()
        var results: [DeliveryResult] = []
        results.reserveCapacity(batch.count)
        var toSend: [Platform: [ClaimedDelivery]] = [:]
        for delivery in await responders.decide(await confined.decide(await quiet.decide(await calls.decide(await urgencies.decide(batch))))) {
            if let reason = OutcomePolicy.skipReason(delivery, now: now) {
                results.append(DeliveryResult(delivery: delivery, outcome: .skipped(reason: reason)))
            } else if let provider = providers[delivery.platform] {
                if let reason = provider.unsendableToken(delivery) {
                    results.append(DeliveryResult(delivery: delivery, outcome: .dropped(reason: reason)))
                } else {
                    toSend[delivery.platform, default: []].append(delivery)
                }
            } else {
                results.append(DeliveryResult(delivery: delivery, outcome: .skipped(reason: "\(Self.name(delivery.platform)) is not configured")))
            }
        }
        var calls: [DeliveryTracing.ProviderCall] = []
        await withTaskGroup(of: DeliveryTracing.ProviderCall.self) { group in
            for (platform, deliveries) in toSend {
                guard let provider = providers[platform] else { continue }
                group.addTask {
                    let started = DefaultTracerClock.now
                    let attempts = await provider.send(deliveries, now: now)
                    let answered = clock.now()
                    await followOutage(platform, attempts: attempts, now: answered)
                    let replies = attempts.map(\.reply)
                    if let until = pacing.observe(platform, replies: replies, now: answered) {
                        logger.notice(
                            "\(Self.name(platform)) asks to wait: fan-outs' pushes to it pause (other pushes go on)",
                            metadata: ["seconds": "\(Int(until.timeIntervalSince(answered).rounded(.up)))"]
                        )
                    }
                    let paused = breaker?.observe(replies, platform: platform, now: answered) ?? false
                    var held = 0
                    let results = zip(deliveries, attempts).map { delivery, attempt in
                        if let latency = attempt.latency { metrics.recordLatency(latency, platform: platform) }
                        var reply = attempt.reply
                        if paused, case .dropToken(let reason, _) = reply {
                            // Not believed while most answers say the same: keep the device, try later.
                            reply = .retry(reason: "device removal paused: \(reason)", minimumDelay: Self.heldRetryDelay)
                            held += 1
                        }
                        return DeliveryResult(
                            delivery: delivery, outcome: policy.outcome(for: reply, delivery: delivery, now: answered, random: .random(in: 0..<1)),
                            invalidSince: reply.invalidSince
                        )
                    }
                    if held > 0 { breaker?.held(held, platform: platform) }
                    return DeliveryTracing.ProviderCall(platform: platform, started: started, ended: DefaultTracerClock.now, results: results)
                }
            }
            for await call in group {
                results.append(contentsOf: call.results)
                calls.append(call)
            }
        }
        return (results, calls)
    }

    /// Notes whether the provider answered at all; when it answers again
    /// after an outage, every retry waiting for it is made due now.
    func followOutage(_ platform: Platform, attempts: [PushAttempt], now: Date) async {
        let answered = attempts.reduce(0) { $0 + ($1.latency == nil ? 0 : 1) }
        switch outages.observe(platform, attempts: attempts.count, answered: answered, now: now) {
        case .began:
            announceOutage(platform)
        case .ended(let since):
            metrics.unreachable[platform]?.set(Int64(0))
            let swept = await hastenWaitingRetries(platform, downFor: Int(now.timeIntervalSince(since)), now: now)
            // Noted after the return's own sweep, not before: the polls'
            // settling sweeps would otherwise race it for the same retries
            // and the return would be logged as having found none.
            outages.noteReturn(platform, swept: swept ? now : nil)
        case nil:
            break
        }
    }

    func announceOutage(_ platform: Platform) {
        metrics.unreachable[platform]?.set(Int64(1))
        logger.warning(
            "\(Self.name(platform)) does not answer: its pushes are retried with backoff, and one every \(Int(outages.canaryInterval)) s to notice its return"
        )
    }

    /// A provider that answers again: every retry waiting for it is due now
    /// (`downFor` on its return; nil on the sweeps of the following polls,
    /// see `ProviderOutages.returned`). An error is logged, and the next
    /// poll sweeps again: otherwise its retries would wait out their
    /// backoff, up to minutes, though it is back. True when the sweep ran.
    @discardableResult
    func hastenWaitingRetries(_ platform: Platform, downFor seconds: Int?, now: Date) async -> Bool {
        do {
            let hastened = try await queue.hastenRetries(platform: platform, limit: nil, now: now)
            if let seconds {
                logger.notice(
                    "\(Self.name(platform)) answers again: the retries waiting for it are due now",
                    metadata: ["down_seconds": "\(seconds)", "retries": "\(hastened)"]
                )
            } else if hastened > 0 {
                logger.notice("\(Self.name(platform)) answers again: more retries waiting for it are due now", metadata: ["retries": "\(hastened)"])
            }
            if hastened > 0 { signal.notify() }
            return true
        } catch is CancellationError {
            // The worker is stopping: nothing to try again.
            return false
        } catch {
            logger.warning(
                "\(Self.name(platform)) answers again, but its waiting retries could not be made due; trying again at the next poll",
                metadata: ["error": "\(String(reflecting: error))"]
            )
            return false
        }
    }

    /// On each poll: providers quiet long enough are called down, and while
    /// one is down, one of its retries at a time is brought forward as a
    /// canary; for `settling` seconds after a provider's return its
    /// retries are swept again at each poll.
    func watchOutages(now: Date) async {
        let (began, canaries) = outages.tick(now: now)
        for platform in began { announceOutage(platform) }
        for platform in outages.settlingReturns(now: now) {
            if await hastenWaitingRetries(platform, downFor: nil, now: now) { outages.noteReturn(platform, swept: now) }
        }
        for platform in canaries {
            do {
                if try await queue.hastenRetries(platform: platform, limit: 1, now: now) > 0 { signal.notify() }
            } catch {
                // The next canary is due in `canaryInterval`; say why this one is not.
                logger.notice("cannot bring a canary retry forward", metadata: ["platform": "\(platform.rawValue)", "error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Counts and logs a group's outcomes and writes them (with the other
    /// groups answered meanwhile); a failed write is logged by `outcomes`.
    func record(_ results: [DeliveryResult]) async {
        for result in results {
            metrics.record(result.outcome, platform: result.delivery.platform)
            log(result)
        }
        try? await outcomes.submit(results)
    }

    func log(_ result: DeliveryResult) {
        // Sent and skipped are the bulk and only logged at debug level: skip
        // building their metadata (string work per push) unless it is shown.
        let level: Logger.Level =
            switch result.outcome {
            case .sent, .skipped: .debug
            case .retry: .info
            case .dropped: .notice
            case .failed(_, .credentials): .error
            case .failed: .warning
            }
        guard logger.logLevel <= level else { return }
        let delivery = result.delivery
        var metadata: Logger.Metadata = [
            "delivery": "\(delivery.id)", "notification": "\(delivery.notification.id)", "platform": "\(delivery.platform.rawValue)",
            "token": "\(delivery.token.map(TokenHint.hint) ?? "-")", "attempt": "\(delivery.attempts)",
        ]
        // The request that published it, when it came over HTTP.
        if let request = delivery.notification.origin?.requestID { metadata["request"] = "\(request)" }
        if let reason = result.outcome.reason { metadata["reason"] = "\(reason)" }
        let message: Logger.Message =
            switch result.outcome {
            case .sent, .skipped: "delivery \(result.outcome.state.rawValue)"
            case .retry: "delivery will be retried"
            case .dropped: "device token dropped"
            case .failed: "delivery failed"
            }
        logger.log(level: level, message, metadata: metadata)
    }
}
