import ArgumentParser
import Foundation
import HeraldTestSupport
import NIOConcurrencyHelpers

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
    @Option(help: "During the fan-out, a critical notification to a one-device service every this many seconds (0: none).") var criticalEvery = 1.0
    @Option(help: "During the fan-out, a routine notification (no severity, as the fan-out's) to another one-device service every this many seconds, between the critical ones (0: none).")
    var routineEvery = 1.0
    @Option(help: "FANOUT_INLINE_SUBSCRIBERS for the server (its default when not given; 1000000 links every audience in the post, as before issue 27).")
    var inline: Int?

    func validate() throws {
        guard devices >= 1, samples >= 1 else { throw ValidationError("--devices and --samples must be positive") }
    }

    func run() async throws {
        let (devices, samples, backend, criticalEvery, routineEvery) = (devices, samples, lab.backend, criticalEvery, routineEvery)
        let extra = inline.map { ["FANOUT_INLINE_SUBSCRIBERS": "\($0)"] } ?? [:]
        let runs = try await lab.repeated { lab, _ in
            let fanOut = try await lab.service("Fan-out", subscribers: devices)
            let single = try await lab.service("Single", subscribers: 1)
            let critical = try await lab.service("Critical", subscribers: 1)
            let criticalPhone = try await lab.token(ofSubscriber: 1, of: "Critical")
            let routine = try await lab.service("Routine", subscribers: 1)
            let routinePhone = try await lab.token(ofSubscriber: 1, of: "Routine")
            let (server, port) = try await lab.start(name: "serve", extra: extra)
            defer { server.stop() }
            let before = lab.mocks.arrivals
            let start = ContinuousClock.now
            // Critical and routine notifications to one device each while the fan-out runs, each on its own.
            let done = NIOLockedValueBox(false)
            let alarms = Self.postEvery(criticalEvery, from: start + .milliseconds(Int(criticalEvery * 500)), until: done) { index in
                try await lab.post(port: port, service: critical, title: "critical \(index)", severity: "critical").latency
            }
            let routines = Self.postEvery(routineEvery, from: start + .milliseconds(Int(routineEvery * 1_000)), until: done) { index in
                try await lab.post(port: port, service: routine, title: "routine \(index)").latency
            }
            let posted = try await lab.post(port: port, service: fanOut, title: "fan-out")
            _ = try await lab.mocks.waitForArrivals(before + 1, interval: .microseconds(200))
            let firstPush = lab.mocks.firstArrival(after: before).map { Stats.milliseconds($0 - start) } ?? .nan
            let last = try await waitForFanOut(lab, total: before + devices, phones: [criticalPhone, routinePhone])
            done.withLockedValue { $0 = true }
            let alarmPosts = try await alarms.value
            let routinePosts = try await routines.value
            let spread = Stats.seconds(last - start)
            // Each alarm's push, matched in order (one push per post, a second apart).
            try await Task.sleep(for: .milliseconds(500))
            let alarmArrivals = lab.mocks.arrivals(at: criticalPhone)
            let alarmLatencies = zip(alarmPosts, alarmArrivals).map { Stats.milliseconds($1 - $0.sent) }
            if ProcessInfo.processInfo.environment["HERALD_BENCH_DUMP"] != nil {
                for (post, arrival) in zip(alarmPosts, alarmArrivals) {
                    FileHandle.standardError.write(Data("alarm at \(Stats.format(Stats.seconds(post.sent - start), 1)) s: POST \(Stats.format(Stats.milliseconds(post.latency))) ms, push \(Stats.format(Stats.milliseconds(arrival - post.sent))) ms\n".utf8))
                }
            }
            let routineLatencies = zip(routinePosts, lab.mocks.arrivals(at: routinePhone)).map { Stats.milliseconds($1 - $0.sent) }

            var latencies: [Double] = []
            var postLatencies = (alarmPosts + routinePosts).map { Stats.milliseconds($0.latency) }
            for index in 0..<samples {
                let count = lab.mocks.arrivals
                let sent = ContinuousClock.now
                postLatencies.append(Stats.milliseconds(try await lab.post(port: port, service: single, title: "single \(index)").latency))
                latencies.append(Stats.milliseconds(try await lab.mocks.waitForArrivals(count + 1, timeout: .seconds(30), interval: .microseconds(200)) - sent))
            }
            let rss = server.peakRSSMegabytes ?? -1
            let (total, distinct) = lab.arrivalStats
            let reached = devices + 1 + (alarmPosts.isEmpty ? 0 : 1) + (routinePosts.isEmpty ? 0 : 1)
            guard distinct == reached else { throw BenchError("\(distinct) devices reached, \(reached) expected") }
            let duplicates = total - devices - alarmPosts.count - routinePosts.count - samples
            let (p50, p99) = (Stats.percentile(latencies, 0.5), Stats.percentile(latencies, 0.99))
            let (alarmP50, alarmP99) = (Stats.percentile(alarmLatencies, 0.5), Stats.percentile(alarmLatencies, 0.99))
            let (routineP50, routineP99) = (Stats.percentile(routineLatencies, 0.5), Stats.percentile(routineLatencies, 0.99))
            let postP99 = Stats.percentile(postLatencies, 0.99)
            // How much of an alarm's time its own POST took (the rest is the worker and the provider).
            let alarmPostLatencies = alarmPosts.map { Stats.milliseconds($0.latency) }
            let (alarmPostP50, alarmPostP99) = (Stats.percentile(alarmPostLatencies, 0.5), Stats.percentile(alarmPostLatencies, 0.99))
            return Figures(
                line: "fanout \(backend.rawValue), \(Stats.grouped(Double(devices))) devices: POST \(Stats.format(Stats.milliseconds(posted.latency))) ms, "
                    + "first push \(Stats.format(firstPush)) ms, last \(Stats.format(spread, 2)) s after the POST (\(Stats.grouped(Double(devices) / spread)) pushes/s), "
                    + "herald peak RSS \(rss) MB, \(duplicates) pushed twice; \(alarmLatencies.count) critical alarms during it POST to push p50 \(Stats.format(alarmP50)) ms, "
                    + "p99 \(Stats.format(alarmP99)) ms (their POST p50 \(Stats.format(alarmPostP50)) ms, p99 \(Stats.format(alarmPostP99)) ms); \(routineLatencies.count) routine ones p50 \(Stats.format(routineP50)) ms, p99 \(Stats.format(routineP99)) ms; then \(samples) single-subscriber notifications POST to push: p50 \(Stats.format(p50)) ms, p99 \(Stats.format(p99)) ms; "
                    + "POST p99 \(Stats.format(postP99)) ms",
                columns: [
                    ("backend", backend.rawValue), ("devices", "\(devices)"), ("inline", inline.map(String.init) ?? "default"), ("fanout_s", Stats.format(spread, 3)),
                    ("pushes_per_s", "\(Int(Double(devices) / spread))"), ("post_ms", Stats.format(Stats.milliseconds(posted.latency), 2)),
                    ("first_push_ms", Stats.format(firstPush, 1)), ("peak_rss_mb", "\(rss)"), ("duplicates", "\(duplicates)"),
                    ("critical_p50_ms", Stats.format(alarmP50, 1)), ("critical_p99_ms", Stats.format(alarmP99, 1)),
                    ("critical_post_p50_ms", Stats.format(alarmPostP50, 1)), ("critical_post_p99_ms", Stats.format(alarmPostP99, 1)),
                    ("routine_p50_ms", Stats.format(routineP50, 1)), ("routine_p99_ms", Stats.format(routineP99, 1)),
                    ("single_p50_ms", Stats.format(p50, 2)), ("single_p99_ms", Stats.format(p99, 2)), ("post_p99_ms", Stats.format(postP99, 2)),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "fanout \(backend.rawValue), \(Stats.grouped(Double(devices))) devices, median of \(runs.count): POST \(Stats.format(median("post_ms"))) ms, "
                    + "first push \(Stats.format(median("first_push_ms"))) ms, last \(Stats.format(median("fanout_s"), 2)) s, "
                    + "critical during it p99 \(Stats.format(median("critical_p99_ms"))) ms, routine during it p99 \(Stats.format(median("routine_p99_ms"))) ms, POST p99 \(Stats.format(median("post_p99_ms"))) ms, "
                    + "peak RSS \(Int(median("peak_rss_mb"))) MB, single subscriber p50 \(Stats.format(median("single_p50_ms"))) ms, p99 \(Stats.format(median("single_p99_ms"))) ms"
            )
        }
    }

    /// Posts one notification each `every` seconds from `first` until `done`
    /// (not cancelled: a post in flight would be lost to the count); nothing when `every` is 0.
    private static func postEvery(
        _ every: Double, from first: ContinuousClock.Instant, until done: NIOLockedValueBox<Bool>, _ post: @escaping @Sendable (Int) async throws -> Duration
    ) -> Task<[(sent: ContinuousClock.Instant, latency: Duration)], any Error> {
        Task {
            var sent: [(sent: ContinuousClock.Instant, latency: Duration)] = []
            guard every > 0 else { return sent }
            var next = first
            while !done.withLockedValue({ $0 }) {
                try await Task.sleep(until: next, clock: .continuous)
                guard !done.withLockedValue({ $0 }) else { break }
                let at = ContinuousClock.now
                sent.append((at, try await post(sent.count)))
                next += .milliseconds(Int(every * 1_000))
            }
            return sent
        }
    }

    /// Waits for the fan-out's last push: `total` pushes in all, not counting those to `phones` (the one-device services').
    private func waitForFanOut(_ lab: Lab, total: Int, phones: Set<String>) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + .seconds(900)
        while true {
            let alarms = lab.mocks.arrivals >= total ? phones.reduce(0) { $0 + lab.mocks.arrivals(at: $1).count } : 0
            if lab.mocks.arrivals - alarms >= total { return lab.mocks.lastArrival(excluding: phones) }
            guard ContinuousClock.now < deadline else { throw BenchError("only \(lab.mocks.arrivals - alarms) of \(total) pushes arrived") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
