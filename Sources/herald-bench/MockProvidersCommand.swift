import ArgumentParser
import Foundation
import HeraldMocks
import Logging
import ServiceLifecycle
import UnixSignals

/// Runs the mock APNs and FCM servers as a process, for experiments that
/// restart Herald around them (scripts/bench-first-push, bench-retention).
struct MockProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mocks",
        abstract: "Run mock APNs and FCM servers on loopback (for tests and experiments).",
        discussion: "Writes an environment file pointing Herald at them, prints its path, and runs until interrupted."
    )

    @Option(help: "Where to write the environment file.") var envFile = "mocks.env"

    func run() async throws {
        try await MockProviders.run { mocks in
            let directory = URL(fileURLWithPath: envFile).deletingLastPathComponent()
            let environment = try mocks.environment(writingFilesTo: directory)
            let lines = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            try (lines.joined(separator: "\n") + "\n").write(toFile: envFile, atomically: true, encoding: .utf8)
            print(envFile)
            fflush(nil)
            // Until SIGINT/SIGTERM.
            let group = ServiceGroup(
                configuration: .init(services: [UntilShutdown()], gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "herald-mocks"))
            )
            try await group.run()
        }
    }
}

/// Does nothing until the group shuts down.
struct UntilShutdown: Service {
    func run() async throws {
        try? await gracefulShutdown()
    }
}
