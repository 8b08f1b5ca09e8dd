import HeraldCore
import Instrumentation
import Tracing

/// Continues each publish's trace in the worker. For every notification of
/// a batch whose publish left a trace context, a `deliver notification` span
/// (a child of the publish span, across processes) with one `push <provider>`
/// child per provider its pushes went to, covering that provider call and
/// counting its outcomes. Spans are per notification and provider, not per
/// push: a fan-out to 100,000 devices adds a handful of spans, not 100,000.
struct DeliveryTracing: Sendable {
    let tracer: any Tracer

    /// One provider's share of a batch, with when its call started and ended.
    struct ProviderCall: Sendable {
        let platform: Platform
        let started: DefaultTracerClock.Instant
        let ended: DefaultTracerClock.Instant
        let results: [DeliveryResult]

        /// One call per platform: a batch sent in groups is traced as one
        /// call per provider, from the first group's start to the last's end.
        static func merged(_ calls: [ProviderCall]) -> [ProviderCall] {
            Dictionary(grouping: calls, by: \.platform).map { platform, calls in
                ProviderCall(
                    platform: platform, started: calls.map(\.started).min() ?? DefaultTracerClock.now,
                    ended: calls.map(\.ended).max() ?? DefaultTracerClock.now, results: calls.flatMap(\.results)
                )
            }
        }
    }

    func record(_ calls: [ProviderCall]) {
        // Tracing off (no exporter configured): nothing to do per batch.
        if tracer is NoOpTracer { return }
        var byNotification: [NotificationID: (origin: NotificationOrigin, calls: [(ProviderCall, [DeliveryResult])])] = [:]
        for call in calls {
            var results: [NotificationID: [DeliveryResult]] = [:]
            for result in call.results { results[result.delivery.notification.id, default: []].append(result) }
            for (id, own) in results {
                guard let origin = own[0].delivery.notification.origin, !origin.traceContext.isEmpty else { continue }
                byNotification[id, default: (origin, [])].calls.append((call, own))
            }
        }
        for (id, entry) in byNotification {
            var context = ServiceContext.topLevel
            tracer.extract(entry.origin.traceContext, into: &context, using: HeaderDictionary.Extractor())
            let started = entry.calls.map(\.0.started).min() ?? DefaultTracerClock.now
            let ended = entry.calls.map(\.0.ended).max() ?? DefaultTracerClock.now
            let deliver = tracer.startSpan("deliver notification", context: context, ofKind: .consumer, at: started)
            deliver.attributes["herald.notification_id"] = Int(id)
            if let request = entry.origin.requestID { deliver.attributes["herald.request_id"] = request }
            for (call, results) in entry.calls {
                let push = tracer.startSpan("push \(DeliveryWorker.name(call.platform))", context: deliver.context, ofKind: .client, at: call.started)
                push.attributes["herald.pushes"] = results.count
                var counts: [DeliveryState: Int] = [:]
                for result in results { counts[result.outcome.state, default: 0] += 1 }
                for (state, count) in counts { push.attributes["herald.outcome.\(state.rawValue)"] = count }
                if counts.keys.contains(where: { $0 == .failed }) { push.setStatus(SpanStatus(code: .error, message: "some pushes failed")) }
                push.end(at: call.ended)
            }
            deliver.end(at: ended)
        }
    }
}
