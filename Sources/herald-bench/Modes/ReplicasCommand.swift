import ArgumentParser
import Foundation
import HeraldMocks
import HeraldTestSupport
import PostgresNIO

/// One `herald worker` on one core against two on two cores, draining the
/// same queue into an HTTP/2 sink outside Herald; and what each push costs.
struct ReplicasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replicas",
        abstract: "Drain N queued APNs deliveries with 1 `herald worker` on core 0, then 2 on cores 0 and 1, into nghttpd.",
        discussion: """
            N deliveries are queued straight into the table, then drained by `herald worker` processes pinned with taskset \
            into Debian's `nghttpd --echo-upload` (a fresh one per measurement; it answers every POST 200), on PostgreSQL. \
            Prints per measurement: pushes/s from the first outcome recorded to the last, deliveries claimed twice (0 \
            expected), the CPU each push cost the workers, PostgreSQL (every process of the server) and the sink, from \
            /proc; with pg_stat_statements loaded in the server (shared_preload_libraries), the claims and outcome \
            writes per second and their mean time in the database. Then the medians and their ratio.
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Queued deliveries per measurement.") var deliveries = 50_000
    @Option(help: "Let each worker use only this share of its core (a cgroup v1 CPU quota; needs root): workers smaller than the machine, so that PostgreSQL and the sink have room for two.")
    var coreShare: Double?

    func validate() throws {
        guard lab.backend == .postgres else { throw ValidationError("replicas share a PostgreSQL database (--backend postgres)") }
        guard deliveries >= 100 else { throw ValidationError("--deliveries at least 100") }
        guard coreShare.map({ $0 > 0 && $0 <= 1 }) ?? true else { throw ValidationError("--core-share between 0 and 1") }
    }

    func run() async throws {
        let (nghttpd, deliveries) = (try Tools.path("nghttpd", package: "nghttp2-server"), deliveries)
        // Each run on a fresh database: one worker, then two.
        let runs = try await lab.repeated { lab, run in
            guard let database = lab.database else { throw BenchError("replicas run on PostgreSQL") }
            // Statement figures only where the server preloads the library.
            var statements = (try? await database.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")) != nil
            if statements { statements = (try? await database.execute("SELECT pg_stat_statements_reset()")) != nil }
            let service = try await lab.service("Replicas", subscribers: 0)
            try await database.execute(
                """
                WITH made AS (
                    INSERT INTO users (username, login_expires_at) SELECT 'replica-' || i, now() + interval '1 day' FROM generate_series(1, \(deliveries)) AS i
                    RETURNING id
                )
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at) SELECT id, lpad(to_hex(id), 64, '0'), 'apns', now(), now() FROM made
                """
            )
            let sink = try Sink(nghttpd: nghttpd, lab: lab)
            defer { sink.remove() }
            var figures: [Figures] = []
            for workers in [1, 2] {
                let measured = try await measure(workers: workers, run: run, service: service, sink: sink, statements: statements, lab: lab, database: database)
                figures.append(measured)
            }
            // One line per measurement; the run's figures are the pair.
            return Figures(
                line: figures.map(\.line).joined(separator: "\n"),
                columns: figures[0].columns.map { ($0.0 + "_1", $0.1) } + figures[1].columns.map { ($0.0 + "_2", $0.1) }
            )
        }
        let (one, two) = (LabOptions.median(runs, "pushes_per_s_1"), LabOptions.median(runs, "pushes_per_s_2"))
        let core = coreShare.map { "\(Stats.format($0 * 100, 0)) % of a core" } ?? "a core"
        print(
            "replicas (\(Stats.grouped(Double(deliveries))) deliveries, medians of \(runs.count)): 1 worker on \(core) \(Stats.grouped(one)) pushes/s, "
                + "2 workers, each on \(core) of its own, \(Stats.grouped(two)) pushes/s: \(Stats.format(two / one, 2))x"
        )
    }

    private func measure(
        workers: Int, run: Int, service: UUID, sink: Sink, statements: Bool, lab: Lab, database: BenchDatabase
    ) async throws -> Figures {
        try await database.execute("TRUNCATE deliveries, delivery_history")
        try await database.execute(
            """
            WITH n AS (
                INSERT INTO notifications (service_id, created_at, title, subtitle, url) VALUES (\(service), now(), 'replicas', '', '') RETURNING id, created_at
            )
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at)
            SELECT n.id, d.id, d.user_id, 'apns', n.created_at, n.created_at, n.created_at FROM n, devices d
            """
        )
        try await database.execute("ANALYZE deliveries")
        let sinkProcess = try await sink.start()
        defer { sinkProcess.stop() }
        if statements { try await database.execute("SELECT pg_stat_statements_reset()") }
        let postgres = try await PostgresProcesses(database)
        let (postgresBefore, sinkBefore) = (postgres.cpuSeconds, sinkProcess.cpuSeconds ?? 0)
        // Removed after the workers in them have stopped (defers run last first).
        let groups = try coreShare.map { share in try (0..<workers).map { try CPUGroup(name: "herald-bench-worker-\($0)", share: share) } }
        defer { groups?.forEach { $0.remove() } }
        var processes: [HeraldProcess] = []
        defer { for process in processes { process.stop() } }
        for core in 0..<workers {
            processes.append(
                try await lab.start("worker", name: "worker-\(run)-\(workers)-\(core)", cpus: "\(core)", cgroup: groups?[core], extra: sink.environment).0
            )
        }
        do {
            try await database.waitUntilQueueEmpty(timeout: .seconds(600), interval: .milliseconds(200))
        } catch let error as BenchError {
            throw BenchError("\(error): \(processes[0].tail())")
        }
        let workerSeconds = processes.compactMap(\.cpuSeconds).reduce(0, +)
        let (postgresSeconds, sinkSeconds) = (postgres.cpuSeconds - postgresBefore, (sinkProcess.cpuSeconds ?? 0) - sinkBefore)
        let sent = try await database.recordedSent()
        guard sent == deliveries else { throw BenchError("only \(sent) of \(deliveries) sent: \(processes[0].tail())") }
        let span = try await database.number("SELECT extract(epoch FROM max(finished_at) - min(finished_at))::float8 FROM delivery_history") ?? 0
        let rate = Double(sent) / max(span, 0.001)
        let repeats = try await database.integer("SELECT count(*) FROM delivery_history WHERE attempts > 1")
        func perPush(_ seconds: Double) -> Double { seconds / Double(sent) * 1e6 }
        var line =
            "\(workers) worker(s)\(coreShare.map { ", each on \(Stats.format($0 * 100, 0)) % of a core" } ?? ""), run \(run): \(Stats.grouped(rate)) pushes/s, \(repeats) claimed twice; CPU per push: workers \(Int(perPush(workerSeconds))) µs, "
            + "PostgreSQL \(Int(perPush(postgresSeconds))) µs, sink \(Int(perPush(sinkSeconds))) µs"
        if statements {
            let claims = try await statementFigures(database, prefix: "WITH claimed AS%")
            let writes = try await statementFigures(database, prefix: "WITH v AS%")
            let seconds = max(span, 0.001)
            line += "; \(Int(claims.calls / seconds)) claims/s (\(Stats.format(claims.meanMilliseconds, 2)) ms each in the database), "
                + "\(Int(writes.calls / seconds)) outcome writes/s (\(Stats.format(writes.meanMilliseconds, 2)) ms each)"
        }
        return Figures(
            line: line,
            columns: [
                ("pushes_per_s", "\(Int(rate))"), ("repeats", "\(repeats)"), ("worker_us_per_push", Stats.format(perPush(workerSeconds))),
                ("postgres_us_per_push", Stats.format(perPush(postgresSeconds))), ("sink_us_per_push", Stats.format(perPush(sinkSeconds))),
            ]
        )
    }

    private func statementFigures(_ database: BenchDatabase, prefix: String) async throws -> (calls: Double, meanMilliseconds: Double) {
        let calls = try await database.number("SELECT sum(calls)::float8 FROM pg_stat_statements WHERE query LIKE \(prefix)") ?? 0
        let total = try await database.number("SELECT sum(total_exec_time)::float8 FROM pg_stat_statements WHERE query LIKE \(prefix)") ?? 0
        return (calls, calls > 0 ? total / calls : 0)
    }
}

/// Debian's nghttpd answering every POST 200 over TLS and HTTP/2, with the
/// mocks' certificate for localhost (which Herald trusts through the mocks' CA).
///
/// nghttpd --echo-upload writes each request's body to a file it creates and
/// unlinks in /tmp: 50,000 files per measurement. Against the machine's /tmp
/// its CPU per push grew from measurement to measurement (64 to 289 µs over
/// six, each with a fresh nghttpd), which made every later measurement
/// slower whatever it measured. So, where it can (root, unshare), it runs
/// with a /tmp of its own: a fresh tmpfs in a private mount namespace.
private struct Sink {
    let nghttpd: String
    let lab: Lab
    let port: Int
    /// Outside /tmp, which the sink's own /tmp hides.
    let files: URL

    init(nghttpd: String, lab: Lab) throws {
        self.nghttpd = nghttpd
        self.lab = lab
        port = try unusedLoopbackPort()
        files = URL(fileURLWithPath: "/dev/shm/herald-bench-sink-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try lab.mocks.certificates.serverKeyPEM.write(to: files.appendingPathComponent("sink.key"), atomically: true, encoding: .utf8)
        try lab.mocks.certificates.serverCertificatePEM.write(to: files.appendingPathComponent("sink.pem"), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: files) }

    /// APNs aimed at the sink (the signing key is the mocks'; nghttpd checks no token).
    var environment: [String: String] { ["APNS_URL": "https://localhost:\(port)"] }

    /// A fresh sink: one kept across measurements was seen spending three times the CPU per push by the third.
    func start() async throws -> HeraldProcess {
        let serve = [nghttpd, "--echo-upload", "\(port)", files.appendingPathComponent("sink.key").path, files.appendingPathComponent("sink.pem").path]
        let ownTmp = getuid() == 0 ? try? Tools.path("unshare", package: "util-linux") : nil
        let (binary, arguments) = ownTmp.map { unshare in
            (unshare, ["--mount", "/bin/sh", "-c", #"mount -t tmpfs -o size=256m tmpfs /tmp && exec "$@""#, "sink"] + serve)
        } ?? (nghttpd, Array(serve.dropFirst()))
        let process = try HeraldProcess("nghttpd", binary: binary, arguments: arguments, environment: [:], log: lab.directory.appendingPathComponent("sink.log"))
        // Up once it accepts a connection.
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.accepts(port) {
            guard ContinuousClock.now < deadline, process.isRunning else { throw BenchError("nghttpd did not start: \(process.tail())") }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process
    }

    private static func accepts(_ port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// The PostgreSQL server's processes (the postmaster and every child), for
/// their CPU time: the server must run on this machine.
private struct PostgresProcesses {
    let postmaster: Int32

    init(_ database: BenchDatabase) async throws {
        let backend = Int32(try await database.integer("SELECT pg_backend_pid()"))
        guard let parent = ProcStatus.statFields(pid: backend).flatMap({ $0.count > 1 ? Int32($0[1]) : nil }) else {
            throw BenchError("PostgreSQL's processes are not visible here (the server must run on this machine)")
        }
        postmaster = parent
    }

    /// CPU seconds of the postmaster and its children now.
    var cpuSeconds: Double {
        let listed = (try? String(contentsOfFile: "/proc/\(postmaster)/task/\(postmaster)/children", encoding: .utf8)) ?? ""
        let pids = [postmaster] + listed.split(separator: " ").compactMap { Int32($0) }
        return pids.compactMap { ProcStatus.cpuSeconds(pid: $0, withReapedChildren: $0 == postmaster) }.reduce(0, +)
    }
}
