import Foundation
import HeraldCore
import HeraldTestSupport
import Logging
import NIOConcurrencyHelpers
import Prometheus
import ServiceLifecycle
import Testing

@testable import HeraldServer

@Suite("Supervised services")
struct SupervisedServiceTests {
    /// Fails the first `failures` times it is run, then runs until shutdown.
    final class Flaky: Service, Sendable {
        let failures: Int
        let runs = NIOLockedValueBox(0)
        init(failures: Int) { self.failures = failures }

        func run() async throws {
            let run = runs.withLockedValue { $0 += 1; return $0 }
            if run <= failures { throw TestSetupError("failure \(run)") }
            try? await gracefulShutdown()
        }
    }

    /// Runs until shutdown and says whether it was cut short.
    final class Bystander: Service, Sendable {
        let stoppedEarly = NIOLockedValueBox(false)
        func run() async throws {
            try? await gracefulShutdown()
            if !Task.isShuttingDownGracefully { stoppedEarly.withLockedValue { $0 = true } }
        }
    }

    @Test func aFailingPartIsStartedAgainWithBackoffAndTheOthersRunOn() async throws {
        let registry = PrometheusCollectorRegistry()
        let flaky = Flaky(failures: 3)
        let bystander = Bystander()
        var supervised = SupervisedService(name: "flaky", flaky, metrics: SupervisionMetrics(registry: registry), logger: TestDatabase.logger)
        supervised.firstDelay = .milliseconds(20)
        let started = ContinuousClock.now
        try await withRunningServices([bystander, supervised], logger: TestDatabase.logger) {
            while flaky.runs.withLockedValue({ $0 }) < 4 {
                // A safety net, not the measure: the whole suite shares two cores.
                guard ContinuousClock.now - started < .seconds(60) else { throw TestSetupError("never restarted") }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        // Waits of 20, 40 and 80 ms between the four runs.
        #expect(ContinuousClock.now - started >= .milliseconds(140))
        #expect(!bystander.stoppedEarly.withLockedValue { $0 }, "the group was not ended by the failures")
        var text: [UInt8] = []
        registry.emit(into: &text)
        #expect(String(decoding: text, as: UTF8.self).contains(#"herald_service_failures_total{service="flaky"} 3"#))
    }

    @Test func shutdownDuringTheWaitEndsItAtOnce() async throws {
        let flaky = Flaky(failures: 1_000)
        var supervised = SupervisedService(name: "down", flaky, metrics: SupervisionMetrics(registry: PrometheusCollectorRegistry()), logger: TestDatabase.logger)
        // A wait of ten minutes that shutdown must cut: ending before it
        // cannot be the wait running out (the time is printed).
        supervised.firstDelay = .seconds(600)
        let started = ContinuousClock.now
        try await withRunningServices([supervised], logger: TestDatabase.logger) {
            try await eventually("the first run", timeout: .seconds(30), every: .milliseconds(5)) { flaky.runs.withLockedValue { $0 } >= 1 ? true : nil }
        }
        let took = ContinuousClock.now - started
        print("SupervisedServiceTests: shutdown during a 600-s wait ended after \(took)")
        #expect(took < supervised.firstDelay, "the wait ran out instead of being cut")
    }
}
