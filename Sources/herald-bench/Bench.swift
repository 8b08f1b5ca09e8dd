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

    @Option(help: "Subscribed devices in the fan-out.") var devices = 10_000
    @Option(help: "sqlite or postgres (PostgreSQL from DATABASE_URL).") var backend: BenchBackend = .sqlite
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await backend.withDatabase(in: directory, logger: logger) { location, _ in
            try await BenchRun(options: options, location: location, logger: logger).run()
        }
    }
}

struct BenchOptions: Sendable {
    var devices: Int
    var concurrency: Int
    var batchSize: Int
    var samples: Int
}
