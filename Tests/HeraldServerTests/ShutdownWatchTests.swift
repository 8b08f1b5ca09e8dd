import Foundation
@testable import HeraldServer
import HeraldTestSupport
import Logging
import ServiceLifecycle
import Testing

/// A part that does not stop when asked (it waits out its cancellation
/// only) is named in an error once the watch's time is up, so a shutdown
/// that hangs says what holds it; a shutdown over by then logs nothing.
/// The watch's time is a gate the test opens, so load cannot move it.
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

    /// Runs `part` with a watch, shuts down, and opens the watch's gate
    /// while the part still runs (`early`) or once the group is over.
    func shutDown(_ part: some Service, early: Bool) async throws -> [String] {
        let logs = CapturedLogs()
        let running = RunningServices()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let watch = ShutdownWatch(running: running, logger: logs.logger, wait: { for await _ in gate { return } })
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: running.track(part)), .init(service: watch)], gracefulShutdownSignals: [], logger: Logger(label: "test")
        )
        configuration.maximumGracefulShutdownDuration = .seconds(60)
        let group = ServiceGroup(configuration: configuration)
        func held() -> [String] { logs.all.filter { $0.contains("held by") } }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // Started: the part is counted in.
            while running.names.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            await group.triggerGracefulShutdown()
            if early {
                open.yield()
                for _ in 0..<1_000 where held().isEmpty { try await Task.sleep(for: .milliseconds(10)) }
                tasks.cancelAll()
            }
            try? await tasks.waitForAll()
        }
        if !early {
            open.yield()
            try await Task.sleep(for: .milliseconds(300))
        }
        return held()
    }

    @Test func aPartThatDoesNotStopIsNamed() async throws {
        let held = try await shutDown(Stubborn(), early: true)
        #expect(held.count == 1 && held[0].hasPrefix("error") && held[0].contains("stubborn part"), "\(held)")
    }

    @Test func aShutdownOverInTimeLogsNothing() async throws {
        #expect(try await shutDown(Polite(), early: false).isEmpty)
    }
}
