import ArgumentParser
import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldMocks
import HeraldStore
import HeraldTestSupport
import Logging
import NIOCore
import NIOHTTP1

/// Open escalations and their timers, as processes (issue 26): N critical
/// notifications to a service whose policy calls a rota's person on call,
/// waits, then calls the next person. Reports how late each step ran
/// (p50/p99/max, from each call's time against its due time), checks that
/// every step ran exactly once and that each called phone got exactly one
/// push per step, optionally across a SIGKILL of the server between the
/// steps (`--kill`) or with two replicas (`--replicas 2`).
struct EscalationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "escalation",
        abstract: "Open escalations with timed steps: step lateness, each step exactly once (across a SIGKILL, with replicas).",
        discussion: """
            Users alice and bob, each with one APNs phone; a weekly rota with alice on call now; a policy: the rota, \
            wait --wait seconds, bob (and his wait). --escalations critical notifications are posted at once. Fails when \
            a step is missing or ran twice, a phone got a step's push other than once, or --max-p99 is exceeded.
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Critical notifications posted, each an open escalation.") var escalations = 1_000
    @Option(help: "Seconds each step waits for an acknowledgement.") var wait = 10
    @Option(help: "Herald processes (`herald serve`) sharing the database.") var replicas = 1
    @Flag(help: "SIGKILL the (first) server once the first steps ran, and start it again before the second steps fall due.") var kill = false
    @Option(help: "Fail when the steps' p99 lateness exceeds this many seconds.") var maxP99 = 1.0
    @Option(help: "Seconds over which the posts are spread evenly (0: all at once, an alarm storm).") var spread = 0.0

    func validate() throws {
        guard escalations >= 1, wait >= 2, (1...4).contains(replicas) else { throw ValidationError("--escalations ≥ 1, --wait ≥ 2, --replicas 1–4") }
        guard replicas == 1 || lab.backend == .postgres else { throw ValidationError("replicas share a PostgreSQL database (--backend postgres)") }
    }

    func run() async throws {
        let (count, wait, replicas, kill, maxP99, spread, backend) = (escalations, wait, replicas, kill, maxP99, spread, lab.backend)
        let logger = lab.logger
        let runs = try await lab.repeated { lab, _ in
            let (service, phones) = try await StoreFactory.withStore(lab.location, logger: logger) { store in
                try await Self.seed(store, wait: wait)
            }
            var servers: [(HeraldProcess, Int)] = []
            for index in 0..<replicas { servers.append(try await lab.start(name: "serve-\(index)")) }
            defer { for (server, _) in servers { server.stop() } }
            // Posted concurrently, 32 at a time, as an alarm storm arrives.
            let posted = try await withThrowingTaskGroup(of: (Int64, ContinuousClock.Instant).self) { group in
                var ids: [(Int64, ContinuousClock.Instant)] = []
                var next = 0
                let origin = ContinuousClock.now
                func add() {
                    let port = servers[next % servers.count].1
                    let index = next
                    let moment = origin + .seconds(spread * Double(index) / Double(count))
                    group.addTask {
                        // Spread: each post at its own moment of the window.
                        if spread > 0 { try await Task.sleep(until: moment, clock: .continuous) }
                        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v2/services/\(service.uuidString)/notifications")
                        request.method = .POST
                        request.headers.add(name: "content-type", value: "application/json")
                        request.body = .bytes(ByteBuffer(string: #"{"title": "Alarm \#(index)", "severity": "critical"}"#))
                        // Sent now: a push is measured from here (conservative: the
                        // escalation's time is its publish's, a little later).
                        let sent = ContinuousClock.now
                        let response = try await lab.http.execute(request, timeout: .seconds(60))
                        let body = try await response.body.collect(upTo: 1 << 16)
                        struct Created: Decodable { var id: Int64 }
                        guard response.status == .created, let created = try? JSONDecoder().decode(Created.self, from: Data(body.readableBytesView)) else {
                            throw BenchError("POST answered \(response.status): \(String(buffer: body))")
                        }
                        return (created.id, sent)
                    }
                    next += 1
                }
                // All at once, 32 at a time; spread, every post in its own task (each sleeps until its moment).
                for _ in 0..<(spread > 0 ? count : min(32, count)) { add() }
                while let id = try await group.next() {
                    ids.append(id)
                    if next < count { add() }
                }
                return ids
            }
            let postedAt = ContinuousClock.now
            var restartedAfter: Duration?
            if kill {
                // Once every first step ran and its pushes were sent and recorded
                // (a claim in flight at a kill may be pushed again: that is the
                // queue's promise, not the timers'), before the second steps fall due.
                try await lab.mocks.waitForArrivals(count, timeout: .seconds(Double(wait) - 1))
                try await StoreFactory.withStore(lab.location, logger: logger) { store in
                    while try await store.queueDepth() > 0 { try await Task.sleep(for: .milliseconds(10)) }
                }
                let (victim, _) = servers[0]
                victim.kill()
                let at = ContinuousClock.now
                servers[0] = try await lab.start(name: "serve-0-restarted")
                restartedAfter = ContinuousClock.now - at
                guard ContinuousClock.now - postedAt < .seconds(wait) else {
                    throw BenchError("the restart took until after the second steps were due; use a longer --wait")
                }
            }
            try await lab.mocks.waitForArrivals(2 * count, timeout: .seconds(Double(wait) * 2 + 60))
            // Every escalation has run out (the policy has two steps), and no push is still queued.
            let (lateness, problems) = try await StoreFactory.withStore(lab.location, logger: logger) { store in
                try await Self.audit(store, notifications: posted.map(\.0), wait: wait)
            }
            try await Task.sleep(for: .seconds(1))
            let perPhone = phones.map { phone in lab.mocks.apns.pushes.filter { $0.token == phone }.count }
            // As the phones see it: each push's arrival against its step's time
            // (when the post was sent, plus the wait for the second step).
            let answered = Dictionary(posted, uniquingKeysWith: { first, _ in first })
            let arrivals = phones.enumerated().flatMap { index, phone in
                lab.mocks.apns.pushes.filter { $0.token == phone }.compactMap { push -> Double? in
                    guard let id = (push.payload["notification_id"] as? Double).map({ Int64($0) }), let at = answered[id] else { return nil }
                    return Stats.seconds(push.arrivedAt - at) - Double(index * wait)
                }
            }
            let (arrivalP50, arrivalP99) = (Stats.percentile(arrivals, 0.5), Stats.percentile(arrivals, 0.99))
            var issues = problems
            if perPhone != [count, count] { issues.append("phones got \(perPhone) pushes, not \(count) each") }
            let all = lateness.flatMap { $0 }
            let (p50, p99, worst) = (Stats.percentile(all, 0.5), Stats.percentile(all, 0.99), all.max() ?? .nan)
            // The first step answers a post (found within the runner's 0.1-s look);
            // the second is a timer the runner sleeps until.
            let (first, second) = (Stats.percentile(lateness.map { $0[0] }, 0.99), Stats.percentile(lateness.map { $0[1] }, 0.99))
            let line =
                "escalation \(backend.rawValue), \(Stats.grouped(Double(count))) escalations × 2 steps, \(wait)-s waits, \(replicas) replica(s)"
                + (spread > 0 ? ", posted over \(Stats.format(spread, 0)) s" : ", posted at once")
                + (restartedAfter.map { ", SIGKILL between the steps (restarted in \(Stats.format(Stats.seconds($0), 2)) s)" } ?? "")
                + ": step lateness p50 \(Stats.format(p50 * 1000, 0)) ms, p99 \(Stats.format(p99 * 1000, 0)) ms, max \(Stats.format(worst * 1000, 0)) ms "
                + "(p99 first steps \(Stats.format(first * 1000, 0)) ms, second steps \(Stats.format(second * 1000, 0)) ms); "
                + "pushes at the phones after their step's time p50 \(Stats.format(arrivalP50 * 1000, 0)) ms, p99 \(Stats.format(arrivalP99 * 1000, 0)) ms; "
                + "steps run \(all.count) of \(2 * count); pushes per phone \(perPhone)"
            guard issues.isEmpty else { throw BenchError("\(line)\n" + issues.prefix(10).joined(separator: "\n")) }
            guard p99 <= maxP99 else { throw BenchError("\(line)\np99 lateness above \(maxP99) s") }
            return Figures(
                line: line,
                columns: [
                    ("backend", backend.rawValue), ("escalations", "\(count)"), ("wait_s", "\(wait)"), ("spread_s", Stats.format(spread, 0)), ("replicas", "\(replicas)"), ("kill", "\(kill)"),
                    ("lateness_p50_ms", Stats.format(p50 * 1000, 1)), ("lateness_p99_ms", Stats.format(p99 * 1000, 1)),
                    ("lateness_max_ms", Stats.format(worst * 1000, 1)), ("first_step_p99_ms", Stats.format(first * 1000, 1)),
                    ("second_step_p99_ms", Stats.format(second * 1000, 1)), ("push_p50_ms", Stats.format(arrivalP50 * 1000, 1)),
                    ("push_p99_ms", Stats.format(arrivalP99 * 1000, 1)),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "escalation \(backend.rawValue), median of \(runs.count): lateness p50 \(Stats.format(median("lateness_p50_ms"), 0)) ms, "
                    + "p99 \(Stats.format(median("lateness_p99_ms"), 0)) ms, max \(Stats.format(median("lateness_max_ms"), 0)) ms; "
                    + "pushes p50 \(Stats.format(median("push_p50_ms"), 0)) ms, p99 \(Stats.format(median("push_p99_ms"), 0)) ms"
            )
        }
    }

    /// alice and bob with a phone each and a live login, a weekly rota
    /// with alice on call now, a service whose policy calls the rota, waits,
    /// then calls bob. Returns the service and the two phones' tokens.
    static func seed(_ store: any HeraldStore, wait: Int) async throws -> (UUID, [String]) {
        let service = try await store.createService(ServiceDraft(category: "Escalation", color: "000000", owner: "bench"))
        var people: [User] = []
        var phones: [String] = []
        for name in ["alice", "bob"] {
            let user = try await store.createUser(username: name, passwordHash: nil, isAdmin: false)
            try await store.recordLogin(userID: user.id, expiresAt: Date().addingTimeInterval(86_400))
            let phone = String(format: "%064llx", user.id)
            _ = try await store.registerDevice(userID: user.id, token: phone, platform: .apns, at: Timestamp.now())
            people.append(user)
            phones.append(phone)
        }
        let utc = TimeZone(identifier: "UTC")!
        guard let rota = try await store.createRota(
            RotaDefinition(name: "Bench", members: people.map(\.id), rotation: .days(7), timeZone: utc, start: Date().addingTimeInterval(-3_600)),
            feedSecretHash: FeedSecret.hash(FeedSecret.make()), at: Date()
        ) else { throw BenchError("the rota was not made") }
        let policy = EscalationPolicy(
            steps: [.init(targets: [.rota(rota.id)], waitSeconds: wait), .init(targets: [.user(people[1].id)], waitSeconds: wait)]
        )
        guard try await store.setEscalationPolicy(serviceID: service.id, policy, at: Date()) else { throw BenchError("the policy was not set") }
        return (service.id, phones)
    }

    /// Each escalation's steps' lateness (each call's time against its due time: the
    /// post's time plus the waits before it), and what is wrong: a step
    /// missing or run twice, an escalation not run out.
    static func audit(_ store: any HeraldStore, notifications: [Int64], wait: Int) async throws -> ([[Double]], [String]) {
        var lateness: [[Double]] = []
        var problems: [String] = []
        let deadline = ContinuousClock.now + .seconds(30)
        for id in notifications {
            var record = try await store.escalation(notificationID: id)
            while record?.ended == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                record = try await store.escalation(notificationID: id)
            }
            guard let record, record.ended == .exhausted else {
                problems.append("notification \(id): escalation \(String(describing: record?.ended)), not run out")
                continue
            }
            let calls = try await store.escalationCalls(notificationID: id)
            let steps = calls.map(\.step)
            guard steps == [0, 1] else {
                problems.append("notification \(id): steps run \(steps), not [0, 1] once each")
                continue
            }
            lateness.append(calls.map { $0.at.timeIntervalSince(record.startedAt) - Double($0.step * wait) })
        }
        return (lateness, problems)
    }
}
