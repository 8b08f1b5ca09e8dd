import ArgumentParser
import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Measure delivery: mock APNs and FCM in-process, N subscribed devices, one fan-out and single-device round trips.",
        discussion: """
            Starts mock APNs (TLS, HTTP/2) and mock FCM with its OAuth endpoint on loopback, creates N users with one \
            device each (half APNs, half FCM) subscribed to one service, runs Herald with its worker, posts one \
            notification, and prints: the POST's latency, the time until every push reached the mocks, pushes per \
            second, end-to-end latency p50/p99 for single-subscriber notifications, and peak RSS. \
            PostgreSQL runs in a scratch database created on DATABASE_URL's server and dropped afterwards. It reports; \
            it does not pass or fail.
            """
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case sqlite, postgres
    }

    @Option(help: "Subscribed devices in the fan-out.") var devices = 10_000
    @Option(help: "sqlite or postgres (PostgreSQL from DATABASE_URL).") var backend: Backend = .sqlite
    @Option(help: "Sends in flight at once (DELIVERY_CONCURRENCY).") var concurrency = 1000
    @Option(help: "Deliveries claimed per query (DELIVERY_BATCH_SIZE).") var batchSize = 500
    @Option(help: "Single-subscriber round trips for the end-to-end latency.") var samples = 200

    func validate() throws {
        guard devices >= 2, concurrency >= 1, batchSize >= 1, samples >= 1 else { throw ValidationError("counts must be positive (devices at least 2)") }
    }

    func run() async throws {
        var logger = Logger(label: "herald-bench")
        logger.logLevel = .warning
        let options = BenchOptions(devices: devices, concurrency: concurrency, batchSize: batchSize, samples: samples)
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try await BenchRun(options: options, location: .sqlite(path: directory.appendingPathComponent("bench.sqlite").path), logger: logger).run()
        case .postgres:
            let url = ProcessInfo.processInfo.environment["DATABASE_URL"] ?? ""
            guard case .postgres(let server) = try? DatabaseLocation(url: url) else {
                throw ValidationError("--backend postgres needs DATABASE_URL=postgres://... (a scratch database is created on that server)")
            }
            try await ScratchDatabase.with(server: server, prefix: "herald_bench", logger: logger) { settings in
                try await BenchRun(options: options, location: .postgres(settings), logger: logger).run()
            }
        }
    }
}

struct BenchOptions: Sendable {
    var devices: Int
    var concurrency: Int
    var batchSize: Int
    var samples: Int
}
