import ArgumentParser
import Foundation
import HeraldMocks
import HeraldTestSupport
import PostgresNIO

/// SIGKILL mid-fan-out, then a restart (or another replica carries on):
/// how soon delivery resumes and the dead process's claims are delivered,
/// what was lost, and what was pushed twice.
struct CrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crash",
        abstract: "Kill `herald serve` with SIGKILL mid-fan-out; report recovery time, lost and repeated pushes.",
        discussion: """
            N subscribed devices; once a share of the fan-out (--kill-at) reached the mocks, the server is killed with \
            SIGKILL and started again (or, with --replica, a `herald worker` running beside it from the start carries on \
            alone). Reports: how long the restarted server took to be ready, when its first push arrived, when every \
            delivery the dead process had claimed was delivered and recorded, when all were; lost pushes (devices never \
            reached) and pushes sent twice, beside the deliveries claimed and unrecorded at the kill (the most that may \
            be repeated). Fails when a push is lost or \
            more were repeated than were in flight.
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Subscribed devices.") var devices = 10_000
    @Option(help: "The share of the fan-out at the mocks when the server is killed.") var killAt = 0.25
    @Flag(help: "Run a `herald worker` beside the server from the start and let it carry on instead of restarting.") var replica = false
    @Option(help: "FANOUT_INLINE_SUBSCRIBERS for the processes (below the devices: the kill falls in a fan-out expanded after the post's answer).")
    var inline: Int?

    func validate() throws {
        guard devices >= 10, killAt > 0, killAt < 1 else { throw ValidationError("--devices at least 10, --kill-at between 0 and 1") }
        // On SQLite a dead process's claims return when their lease runs out
        // (one process pushes from a file); what this measures is PostgreSQL's.
        guard lab.backend == .postgres else { throw ValidationError("crash runs on PostgreSQL (--backend postgres)") }
    }

    func run() async throws {
        let (devices, killAt, replica, backend) = (devices, killAt, replica, lab.backend)
        let extra = inline.map { ["FANOUT_INLINE_SUBSCRIBERS": "\($0)"] } ?? [:]
        let runs = try await lab.repeated { lab, _ in
            let service = try await lab.service("Crash", subscribers: devices)
            let (server, port) = try await lab.start(name: "serve", extra: extra)
            let other = replica ? try await lab.start("worker", name: "worker", extra: extra).0 : nil
            defer { other?.stop() }
            _ = try await lab.post(port: port, service: service, title: "crash test")
            try await lab.mocks.waitForArrivals(Int(Double(devices) * killAt))
            // Its claims carry the key its session holds; read while it lives.
            let holder = try await lab.claimKey(of: server)
            // The worker beside it holds still while the dead process's claims
            // are counted: the session's end frees them at once, and a worker
            // that took them first left none to count (the repeats, bounded by
            // that count, then looked like too many). Its first push after the
            // kill is that much later (milliseconds).
            other?.pause()
            server.kill()
            let killed = ContinuousClock.now
            let atKill = lab.arrivalStats.total
            let inFlight = try await lab.claimed(by: holder)
            let recorded = try await lab.session.recordedSent()
            other?.resume()

            var restarted: (process: HeraldProcess, at: ContinuousClock.Instant, ready: Duration)?
            if !replica {
                let at = ContinuousClock.now
                let process = try await lab.start(name: "serve-restarted", port: port, extra: extra).0
                restarted = (process, at, ContinuousClock.now - at)
            }
            defer { restarted?.process.stop() }
            let from = restarted?.at ?? killed
            let takenOver = try await lab.waitUntilDelivered(inFlight)
            try await lab.session.waitUntilQueueEmpty(timeout: .seconds(300), interval: .milliseconds(20))
            let done = ContinuousClock.now
            let (total, distinct) = lab.arrivalStats
            // The first push that left after the restart (bytes the dead
            // process had written may still arrive after the kill).
            let resumed = (lab.mocks.apns.pushes.map(\.arrivedAt) + lab.mocks.fcm.messages.map(\.arrivedAt)).filter { $0 > from }.min() ?? done
            let (lost, repeated) = (devices - distinct, total - distinct)
            let after = replica ? "after the kill" : "after the restart"
            let line =
                "crash \(backend.rawValue), \(Stats.grouped(Double(devices))) devices, SIGKILL at \(Stats.grouped(Double(atKill))) pushes "
                + "(\(Stats.grouped(Double(recorded))) recorded sent, \(Stats.grouped(Double(inFlight.count))) claimed and unrecorded): "
                + (restarted.map { "restarted server ready in \(Stats.format(Stats.seconds($0.ready), 2)) s; " } ?? "the worker carries on; ")
                + "first push \(Stats.format(Stats.seconds(resumed - from), 2)) s \(after); the dead process's claims delivered "
                + "\(Stats.format(Stats.seconds(takenOver - from), 2)) s \(after)"
                + (replica ? "; " : " (\(Stats.format(Stats.seconds(takenOver - killed), 2)) s after the kill); ")
                + "all delivered \(Stats.format(Stats.seconds(done - from), 2)) s \(after); lost \(lost), sent twice \(repeated)"
            guard lost == 0 else { throw BenchError("\(line)\n\(lost) devices never reached") }
            guard repeated <= inFlight.count else { throw BenchError("\(line)\n\(repeated) pushes repeated, more than the \(inFlight.count) in flight") }
            return Figures(
                line: line,
                columns: [
                    ("backend", backend.rawValue), ("devices", "\(devices)"), ("mode", replica ? "replica" : "restart"),
                    ("unrecorded_at_kill", "\(atKill - recorded)"), ("claimed_at_kill", "\(inFlight.count)"), ("repeated", "\(repeated)"), ("lost", "\(lost)"),
                    ("first_push_s", Stats.format(Stats.seconds(resumed - from), 3)), ("claims_taken_over_s", Stats.format(Stats.seconds(takenOver - from), 3)),
                    ("all_delivered_s", Stats.format(Stats.seconds(done - from), 3)),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "crash \(backend.rawValue), median of \(runs.count): first push \(Stats.format(median("first_push_s"), 2)) s, dead claims delivered "
                    + "\(Stats.format(median("claims_taken_over_s"), 2)) s, all \(Stats.format(median("all_delivered_s"), 2)) s "
                    + (replica ? "after the kill" : "after the restart") + "; sent twice \(Int(median("repeated"))) of \(Int(median("claimed_at_kill"))) in flight"
            )
        }
    }
}

extension Lab {
    /// The claim key a Herald process holds on its LISTEN session, found by
    /// its session name (`herald (pid N)`); a bigint advisory lock shows as
    /// its high and low halves.
    func claimKey(of process: HeraldProcess) async throws -> Int64 {
        let keys = try await session.ids(
            """
            SELECT (l.classid::int8 << 32) | l.objid::int8 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted AND a.application_name = \("herald (pid \(process.pid))")
                AND (l.classid::int8 << 32) | l.objid::int8 IN (SELECT holder FROM delivery_holders)
            """
        )
        guard let key = keys.first else { throw BenchError("herald (pid \(process.pid)) holds no claim key") }
        return key
    }

    /// The deliveries `holder` claimed and has not recorded: what a killed
    /// process held (a replica's claims beside it are not counted).
    func claimed(by holder: Int64) async throws -> [Int64] {
        try await session.ids("SELECT id FROM deliveries WHERE lease_until IS NOT NULL AND claimed_by = \(holder)")
    }

    /// Waits until none of `ids` is left in the queue (each delivered and
    /// recorded); returns when that was seen (polled every 10 ms).
    func waitUntilDelivered(_ ids: [Int64], timeout: Duration = .seconds(120)) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = try await session.integer("SELECT count(*) FROM deliveries WHERE id = ANY(\(ids))")
            if left == 0 { return .now }
            guard ContinuousClock.now < deadline else { throw BenchError("\(left) of the dead process's claims still queued after \(timeout)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
