import ArgumentParser
import Foundation
import HeraldTestSupport

/// One notification to N subscribed devices through `herald serve` in its
/// own process, then single-subscriber round trips right after it.
struct FanoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Fan one notification out to N devices through `herald serve`; then single-subscriber round trips.",
        discussion: """
            N users with one device each (half APNs, half FCM) subscribed to one service; `herald serve` in its own process \
            pushes to mock APNs and FCM in this one. Prints per run: the time from the POST to the last push at the mocks, \
            pushes/s, the POST's own latency, Herald's peak RSS (VmHWM), and the POST-to-push latency p50/p99 of \
            SAMPLES notifications to a service with one subscriber posted one at a time right after.
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Subscribed devices.") var devices = 10_000
    @Option(help: "Single-subscriber notifications after the fan-out.") var samples = 100

    func validate() throws {
        guard devices >= 1, samples >= 1 else { throw ValidationError("--devices and --samples must be positive") }
    }

    func run() async throws {
        let (devices, samples, backend) = (devices, samples, lab.backend)
        let runs = try await lab.repeated { lab, _ in
            let fanOut = try await lab.service("Fan-out", subscribers: devices)
            let single = try await lab.service("Single", subscribers: 1)
            let (server, port) = try await lab.start(name: "serve")
            defer { server.stop() }
            let before = lab.mocks.arrivals
            let start = ContinuousClock.now
            let posted = try await lab.post(port: port, service: fanOut, title: "fan-out")
            let last = try await lab.mocks.waitForArrivals(before + devices)
            let spread = Stats.seconds(last - start)

            var latencies: [Double] = []
            for index in 0..<samples {
                let count = lab.mocks.arrivals
                let sent = ContinuousClock.now
                _ = try await lab.post(port: port, service: single, title: "single \(index)")
                latencies.append(Stats.milliseconds(try await lab.mocks.waitForArrivals(count + 1, timeout: .seconds(30), interval: .microseconds(200)) - sent))
            }
            let rss = server.peakRSSMegabytes ?? -1
            let distinct = lab.arrivalStats.distinct
            guard distinct == devices + 1 else { throw BenchError("\(distinct) devices reached, \(devices + 1) expected") }
            let (p50, p99) = (Stats.percentile(latencies, 0.5), Stats.percentile(latencies, 0.99))
            return Figures(
                line: "fanout \(backend.rawValue), \(Stats.grouped(Double(devices))) devices: \(Stats.format(spread, 2)) s from the POST to the last push "
                    + "(\(Stats.grouped(Double(devices) / spread)) pushes/s), POST \(Stats.format(Stats.milliseconds(posted.latency))) ms, "
                    + "herald peak RSS \(rss) MB; then \(samples) single-subscriber notifications POST to push: p50 \(Stats.format(p50)) ms, p99 \(Stats.format(p99)) ms",
                columns: [
                    ("backend", backend.rawValue), ("devices", "\(devices)"), ("fanout_s", Stats.format(spread, 3)),
                    ("pushes_per_s", "\(Int(Double(devices) / spread))"), ("post_ms", Stats.format(Stats.milliseconds(posted.latency), 2)),
                    ("peak_rss_mb", "\(rss)"), ("single_p50_ms", Stats.format(p50, 2)), ("single_p99_ms", Stats.format(p99, 2)),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "fanout \(backend.rawValue), \(Stats.grouped(Double(devices))) devices, median of \(runs.count): \(Stats.format(median("fanout_s"), 2)) s, "
                    + "peak RSS \(Int(median("peak_rss_mb"))) MB, single subscriber p50 \(Stats.format(median("single_p50_ms"))) ms, p99 \(Stats.format(median("single_p99_ms"))) ms"
            )
        }
    }
}
