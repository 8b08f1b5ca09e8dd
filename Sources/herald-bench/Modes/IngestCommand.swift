import ArgumentParser
import Foundation
import HeraldTestSupport

/// Notification POSTs as fast as N connections send them (wrk), against
/// `herald serve` in its own process.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "POST notifications to one service over N connections for T seconds (wrk) through `herald serve`.",
        discussion: """
            The service has SUBSCRIBERS subscribers with a device each (pushed to the mocks in this process); brakes \
            are off (PUBLISH_RATE=0, SENDER_RATE=0): this measures the server. wrk (Debian's wrk) runs with one thread \
            on the same machine. Prints per run: posts/s, latency p50 and p99, and errors (non-2xx answers and socket \
            errors; any fails the run).
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Connections wrk keeps open.") var connections = 32
    @Option(help: "Seconds of load.") var seconds = 15
    @Option(help: "Subscribers of the service posted to.") var subscribers = 0

    func validate() throws {
        guard connections >= 1, seconds >= 1, subscribers >= 0 else { throw ValidationError("--connections and --seconds positive, --subscribers not negative") }
    }

    func run() async throws {
        let wrk = try Tools.path("wrk")
        let (connections, seconds, subscribers, backend) = (connections, seconds, subscribers, lab.backend)
        let runs = try await lab.repeated { lab, _ in
            let service = try await lab.service("Ingest", subscribers: subscribers)
            let (server, port) = try await lab.start(name: "serve")
            defer { server.stop() }
            for index in 0..<3 { _ = try await lab.post(port: port, service: service, title: "warm-up \(index)") }
            let script = lab.directory.appendingPathComponent("post.lua")
            try """
                wrk.method = "POST"
                wrk.headers["Content-Type"] = "application/json"
                wrk.body = '{"title": "Beam permit lost", "subtitle": "ingest benchmark", "url": "https://example.org/alarm"}'
                """.write(to: script, atomically: true, encoding: .utf8)
            let url = "http://127.0.0.1:\(port)/api/v2/services/\(service.uuidString)/notifications"
            let result = try await runProgram(wrk, ["-t1", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script.path, url])
            guard result.status == 0 else { throw BenchError("wrk failed: \(result.output)") }
            let report = try WrkReport(result.output)
            let line =
                "ingest \(backend.rawValue), \(connections) connections, \(subscribers) subscribers: \(Stats.grouped(report.rate)) posts/s, "
                + "p50 \(Stats.format(report.p50)) ms, p99 \(Stats.format(report.p99)) ms, errors \(report.errors)"
            guard report.errors == 0 else { throw BenchError("\(line)\n\(result.output)") }
            return Figures(
                line: line,
                columns: [
                    ("backend", backend.rawValue), ("connections", "\(connections)"), ("subscribers", "\(subscribers)"),
                    ("posts_per_s", "\(Int(report.rate))"), ("p50_ms", Stats.format(report.p50, 2)), ("p99_ms", Stats.format(report.p99, 2)), ("errors", "\(report.errors)"),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "ingest \(backend.rawValue), \(connections) connections, \(subscribers) subscribers, median of \(runs.count): "
                    + "\(Stats.grouped(median("posts_per_s"))) posts/s, p99 \(Stats.format(median("p99_ms"))) ms"
            )
        }
    }
}

/// What wrk printed: requests/s, latency percentiles (with --latency) and errors.
struct WrkReport {
    var rate: Double
    var p50: Double
    var p99: Double
    var errors: Int

    init(_ output: String) throws {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func value(after prefix: String) -> Substring? {
            lines.first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count).split(separator: " ").first
        }
        guard let rate = value(after: "Requests/sec:").flatMap({ Double($0) }),
              let p50 = value(after: "50%").flatMap(Self.milliseconds), let p99 = value(after: "99%").flatMap(Self.milliseconds) else {
            throw BenchError("cannot read wrk's report: \(output)")
        }
        (self.rate, self.p50, self.p99) = (rate, p50, p99)
        // "Non-2xx or 3xx responses: N" and "Socket errors: connect N, read N, write N, timeout N".
        var errors = value(after: "Non-2xx or 3xx responses:").flatMap { Int($0) } ?? 0
        if let socket = lines.first(where: { $0.hasPrefix("Socket errors:") }) {
            errors += socket.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Int($0) }.reduce(0, +)
        }
        self.errors = errors
    }

    /// "812.00us", "4.10ms", "1.02s" in milliseconds.
    private static func milliseconds(_ text: Substring) -> Double? {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}
