import Foundation
import HeraldCore
import HeraldDelivery
import HeraldPublishing
import HeraldTestSupport
import InMemoryTracing
import Testing
import Tracing

/// One trace from the HTTP request to the provider calls: the publish span
/// is the request's child, and the worker, reading the trace context stored
/// with the notification, continues it with a delivery span and a span per
/// provider, carrying the request id.
@Suite("Tracing a publish through its deliveries")
struct DeliveryTracingTests {
    @Test(arguments: Backend.allCases)
    func aPublishAndItsDeliveriesAreOneTrace(_ backend: Backend) async throws {
        let tracer = InMemoryTracer()
        try await DeliveryHarness.run(backend) { harness in
            let service = try await harness.seed([.init(DeliveryHarness.apnsToken(1), .apns), .init(DeliveryHarness.fcmToken(2), .fcm)])
            let publisher = Publisher.forTests(harness.store, signal: harness.signal, tracer: tracer)
            try await harness.withWorker(tracer: tracer) {
                let notification = try await tracer.withAnySpan("POST /api/v2/services/{id}/notifications", ofKind: .server) { _ in
                    try await publisher.publish(NotificationDraft(title: "Traced"), to: service.id, from: .api, requestID: "request-42")
                }
                _ = try await harness.waitUntilSettled(notification)
                try await harness.waitUntil("the worker's spans end") {
                    tracer.finishedSpans.filter { $0.operationName.hasPrefix("push ") }.count == 2
                }
            }
            // Looked up by index: `filter` and `first(where:)` over these
            // spans returned the wrong element in a debug build here.
            let spans = tracer.finishedSpans
            let names = spans.map { $0.operationName }
            func span(_ name: String) throws -> FinishedInMemorySpan { spans[try #require(names.firstIndex(of: name), "no \(name) span in \(names)")] }
            let request = try span("POST /api/v2/services/{id}/notifications")
            let publish = try span("publish notification")
            let deliver = try span("deliver notification")
            let pushes = names.indices.filter { names[$0].hasPrefix("push ") }.map { spans[$0] }
            var pushNames: Set<String> = []
            for push in pushes {
                pushNames.insert(push.operationName)
                #expect(push.spanContext.parentSpanID == deliver.spanID && push.traceID == request.traceID, "\(push.operationName) under the delivery")
            }
            #expect(publish.spanContext.parentSpanID == request.spanID)
            #expect(deliver.traceID == request.traceID, "the worker continues the request's trace")
            #expect(deliver.spanContext.parentSpanID == publish.spanID)
            #expect(pushNames == ["push APNs", "push FCM"])
            #expect(deliver.attributes["herald.request_id"]?.toSpanAttribute() == .string("request-42"))
            #expect(publish.attributes["herald.request_id"]?.toSpanAttribute() == .string("request-42"))
            #expect(pushes.allSatisfy { $0.attributes["herald.outcome.sent"]?.toSpanAttribute() == .int64(1) })
        }
    }

    /// With tracing off (the no-op tracer) no trace context is stored, and
    /// a publish that came from no request stores no origin at all.
    @Test(arguments: Backend.allCases)
    func withoutATracerOnlyTheRequestIDIsKept(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let service = try await harness.seed([.init(DeliveryHarness.apnsToken(1), .apns)])
            let publisher = Publisher.forTests(harness.store, tracer: NoOpTracer())
            _ = try await publisher.publish(NotificationDraft(title: "From a bridge"), to: service.id, from: .webhook)
            _ = try await publisher.publish(NotificationDraft(title: "From a request"), to: service.id, from: .api, requestID: "r1")
            let claimed = try await harness.store.claimDeliveries(limit: 10, now: Date().addingTimeInterval(1), leaseUntil: Date().addingTimeInterval(60))
            let origins = Dictionary(uniqueKeysWithValues: claimed.map { ($0.notification.title, $0.notification.origin) })
            #expect(origins.count == 2)
            #expect(origins["From a bridge"] == .some(nil))
            #expect(origins["From a request"] == NotificationOrigin(traceContext: [:], requestID: "r1"))
        }
    }
}
