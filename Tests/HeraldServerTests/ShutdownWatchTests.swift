import Foundation
@testable import HeraldServer
import HeraldTestSupport
import Logging
import ServiceLifecycle
import Testing

/// A part that does not stop when asked (it waits out its cancellation
/// only) is named in an error once the grace period and a little more have
/// passed, so a shutdown that hangs says what holds it; a shutdown that
/// ends in time logs nothing.
@Suite("Shutdown watch")
struct ShutdownWatchTests {
    /// Ends only when cancelled, never on a graceful shutdown.
    struct Stubborn: Service, CustomStringConvertible {
        var description: String { "stubborn part" }
        func run() async throws {
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
        }
    }

    /// Ends on a graceful shutdown.
    struct Polite: Service, CustomStringConvertible {
        var description: String { "polite part" }
        func run() async throws { try? await gracefulShutdown() }
    }

    func shutDown(_ part: some Service, grace: Duration) async throws -> [String] {
        let logs = CapturedLogs()
        let running = RunningServices()
        let watch = ShutdownWatch(running: running, after: .milliseconds(300), logger: logs.logger)
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: running.track(part)), .init(service: watch)], gracefulShutdownSignals: [], logger: Logger(label: "test")
        )
        configuration.maximumGracefulShutdownDuration = grace
        let group = ServiceGroup(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await Task.sleep(for: .milliseconds(100))
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
        }
        try await Task.sleep(for: .milliseconds(600))
        return logs.all.filter { $0.contains("held by") }
    }

    @Test func aPartThatDoesNotStopIsNamed() async throws {
        let held = try await shutDown(Stubborn(), grace: .seconds(1))
        #expect(held.count == 1 && held[0].hasPrefix("error") && held[0].contains("stubborn part"), "\(held)")
    }

    @Test func aShutdownInTimeLogsNothing() async throws {
        #expect(try await shutDown(Polite(), grace: .seconds(1)).isEmpty)
    }
}
