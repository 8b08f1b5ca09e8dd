import ArgumentParser
import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import NIOCore
import NIOHTTP1

/// Texts behind escalations (issue 42), through `herald serve` and the
/// Twilio-compatible mock (scripts/lib/mock_twilio.py): N critical
/// notifications posted at once, each an escalation whose first step calls
/// alice, whose rule texts her --delay seconds after a call. Half of them
/// are acknowledged half a second before their text falls due. Reports how
/// long after its step's due time (the call's stored time plus the delay)
/// each text reached the provider (p50/p99/
/// max), how many texts went out for an acknowledged alarm more than 1 s
/// after its acknowledgement (none may), and duplicates per notification
/// (none may), optionally across a SIGKILL of the server while the texts
/// go out (`--kill`).
struct ContactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Escalations that text: due-to-provider lateness, cancellation after acknowledgement, no duplicate across a SIGKILL.",
        discussion: """
            alice has an APNs phone and a verified number; her rule for an escalation's call: a text --delay seconds after it. \
            A service's policy calls her. --escalations critical notifications are posted (32 at a time); every second one is \
            acknowledged 0.5 s before its text is due. Fails when a text goes out twice, or for an acknowledged alarm more than \
            1 s after its acknowledgement, or when --max-p99 is exceeded.
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Critical notifications posted, each an open escalation.") var escalations = 1_000
    @Option(help: "Seconds after the call that the rule texts.") var delay = 8
    @Option(help: "The Twilio-compatible mock.") var twilioMock = "scripts/lib/mock_twilio.py"
    @Flag(help: "SIGKILL the server when a third of the texts are out, and start it again.") var kill = false
    @Option(help: "Fail when the texts' p99 lateness (due to provider) exceeds this many seconds.") var maxP99 = 2.0

    static let accountSID = "AC" + String(repeating: "0123456789abcdef", count: 2)
    static let authToken = "bench-twilio-token"

    func validate() throws {
        guard escalations >= 2, delay >= 3 else { throw ValidationError("--escalations ≥ 2, --delay ≥ 3") }
    }

    func run() async throws {
        let (count, delay, kill, maxP99, backend, script) = (escalations, delay, kill, maxP99, lab.backend, twilioMock)
        let logger = lab.logger
        let runs = try await lab.repeated { lab, _ in
            let twilio = try await TwilioMockProcess.start(script: script, http: lab.http)
            defer { twilio.stop() }
            let service = try await StoreFactory.withStore(lab.location, logger: logger) { store in
                try await Self.seed(store, delay: delay)
            }
            let extra = [
                "SMS_PROVIDER": "twilio", "TWILIO_URL": twilio.base, "TWILIO_ACCOUNT_SID": Self.accountSID, "TWILIO_AUTH_TOKEN": Self.authToken,
                "SMS_FROM": "+46100000000", "CONTACT_DEFAULT_RULES": "", "DELIVERY_POLL_SECONDS": "0.2",
                "CONTACT_DAILY_CAP_PER_PERSON": "100000", "CONTACT_DAILY_CAP": "10000000",
            ]
            var (server, port) = try await lab.start(name: "serve", extra: extra)
            let postPort = port
            // Posted 32 at a time; each one's wall-clock time kept (the mock stamps its arrivals so).
            let posted = try await withThrowingTaskGroup(of: (Int, Int64, Double).self) { group in
                var all: [(Int, Int64, Double)] = []
                var next = 0
                func add() {
                    let index = next
                    next += 1
                    group.addTask {
                        let sent = Date().timeIntervalSince1970
                        let (id, _) = try await lab.post(port: postPort, service: service, title: "Alarm \(index)", severity: "critical")
                        return (index, id, sent)
                    }
                }
                for _ in 0..<min(32, count) { add() }
                while let one = try await group.next() {
                    all.append(one)
                    if next < count { add() }
                }
                return all.sorted { $0.0 < $1.0 }
            }
            // Every second alarm taken half a second before its text is due.
            let taken = posted.filter { $0.0 % 2 == 1 }
            let acknowledger = Task {
                try await StoreFactory.withStore(lab.location, logger: logger) { store in
                    guard let alice = try await store.user(named: "alice") else { throw BenchError("no alice") }
                    var at: [Int64: Double] = [:]
                    for (_, id, sent) in taken {
                        let wait = sent + Double(delay) - 0.5 - Date().timeIntervalSince1970
                        if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
                        let effects = AcknowledgementEffects(endsEscalation: true)
                        _ = try await store.acknowledge(notificationID: id, by: alice, comment: nil, effects: effects, at: Date())
                        at[id] = Date().timeIntervalSince1970
                    }
                    return at
                }
            }
            var restartedAfter: Double?
            if kill {
                try await twilio.waitForMessages(count / 6, timeout: .seconds(Double(delay) + 120))
                server.kill()
                let killedAt = ContinuousClock.now
                (server, port) = try await lab.start(name: "serve-restarted", extra: extra)
                restartedAfter = Stats.seconds(ContinuousClock.now - killedAt)
            }
            defer { server.stop() }
            let acknowledgedAt = try await acknowledger.value
            try await twilio.waitForMessages(count - taken.count, timeout: .seconds(Double(delay) + 180), orLess: kill)
            try await Task.sleep(for: .seconds(3))
            let messages = try await twilio.messages()
            // Each text's step falls due `delay` after its call (the escalation's first step, as stored).
            let called = try await StoreFactory.withStore(lab.location, logger: logger) { store in
                var at: [Int64: Double] = [:]
                for (_, id, _) in posted {
                    if let call = try await store.escalationCalls(notificationID: id).first { at[id] = call.at.timeIntervalSince1970 }
                }
                return at
            }
            let byIndex = Dictionary(grouping: messages) { message -> Int in
                Int(message.body.split(separator: " ").dropFirst().first { Int($0.trimmingCharacters(in: .punctuationCharacters)) != nil }
                    .map { $0.trimmingCharacters(in: .punctuationCharacters) } ?? "-1") ?? -1
            }
            var lateness: [Double] = []
            var duplicates = 0
            var late = 0
            var textedTaken = 0
            var missing = 0
            for (index, id, sent) in posted {
                let texts = byIndex[index] ?? []
                duplicates += max(0, texts.count - 1)
                if let acknowledged = acknowledgedAt[id] {
                    textedTaken += texts.count
                    late += texts.filter { $0.at > acknowledged + 1 }.count
                } else if let first = texts.first {
                    lateness.append(first.at - ((called[id] ?? sent) + Double(delay)))
                } else {
                    missing += 1
                }
            }
            let (p50, p99, worst) = (Stats.percentile(lateness, 0.5), Stats.percentile(lateness, 0.99), lateness.max() ?? .nan)
            let line =
                "contacts \(backend.rawValue), \(Stats.grouped(Double(count))) escalations, texts \(delay) s after the call"
                + (restartedAfter.map { ", SIGKILL while the texts went out (restarted in \(Stats.format($0, 2)) s)" } ?? "")
                + ": due to provider p50 \(Stats.format(p50 * 1000, 0)) ms, p99 \(Stats.format(p99 * 1000, 0)) ms, max \(Stats.format(worst * 1000, 0)) ms; "
                + "\(lateness.count) texts for \(count - taken.count) open alarms (\(missing) missing); \(taken.count) acknowledged 0.5 s before their text: "
                + "\(textedTaken) texted, \(late) more than 1 s after the acknowledgement; duplicates \(duplicates)"
            var issues: [String] = []
            if duplicates > 0 { issues.append("\(duplicates) duplicate texts") }
            if late > 0 { issues.append("\(late) texts more than 1 s after their alarm's acknowledgement") }
            if missing > 0, !kill { issues.append("\(missing) open alarms not texted") }
            guard issues.isEmpty else { throw BenchError("\(line)\n" + issues.joined(separator: "\n")) }
            guard p99 <= maxP99 else { throw BenchError("\(line)\np99 above \(maxP99) s") }
            return Figures(
                line: line,
                columns: [
                    ("backend", backend.rawValue), ("escalations", "\(count)"), ("delay_s", "\(delay)"), ("kill", "\(kill)"),
                    ("due_to_provider_p50_ms", Stats.format(p50 * 1000, 1)), ("due_to_provider_p99_ms", Stats.format(p99 * 1000, 1)),
                    ("due_to_provider_max_ms", Stats.format(worst * 1000, 1)), ("missing", "\(missing)"), ("texted_after_ack", "\(textedTaken)"),
                    ("late_after_ack", "\(late)"), ("duplicates", "\(duplicates)"),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "contacts \(backend.rawValue), median of \(runs.count): due to provider p50 \(Stats.format(median("due_to_provider_p50_ms"), 0)) ms, "
                    + "p99 \(Stats.format(median("due_to_provider_p99_ms"), 0)) ms, max \(Stats.format(median("due_to_provider_max_ms"), 0)) ms"
            )
        }
    }

    /// alice (a phone, a verified number, her rule: a text `delay` s after a
    /// call) and a service whose policy calls her; she is not subscribed, so
    /// the first step calls her.
    static func seed(_ store: any HeraldStore, delay: Int) async throws -> UUID {
        let service = try await store.createService(ServiceDraft(category: "Texts", color: "000000", owner: "bench"))
        let alice = try await store.createUser(username: "alice", passwordHash: nil, isAdmin: false)
        try await store.recordLogin(userID: alice.id, expiresAt: Date().addingTimeInterval(86_400))
        _ = try await store.registerDevice(userID: alice.id, token: String(format: "%064llx", alice.id), platform: .apns, at: Date())
        guard let method = try await store.addContactMethod(userID: alice.id, kind: .sms, address: "+46700000001", at: Date()),
            let verified = try await store.verifyContactMethod(methodID: method.id, userID: alice.id, at: Date())
        else { throw BenchError("alice's number was not verified") }
        let own: [ContactRuleClass: [ContactRuleStep]] = [.call: [ContactRuleStep(methodID: method.id, delaySeconds: delay)]]
        let steps = ContactRules.effective(userID: alice.id, own: own, methods: [verified], defaults: ContactDefaults())
        try await store.saveContactRules(userID: alice.id, ruleClass: .call, own: own[.call], steps: steps, at: Date())
        let policy = EscalationPolicy(steps: [.init(targets: [.user(alice.id)], waitSeconds: 3_600)])
        guard try await store.setEscalationPolicy(serviceID: service.id, policy, at: Date()) else { throw BenchError("the policy was not set") }
        return service.id
    }
}

/// scripts/lib/mock_twilio.py as a process of the bench's.
final class TwilioMockProcess: Sendable {
    let pid: pid_t
    let base: String
    let http: HTTPClient
    let log: URL

    struct Message { var body: String; var at: Double }

    init(pid: pid_t, base: String, http: HTTPClient, log: URL) {
        self.pid = pid
        self.base = base
        self.http = http
        self.log = log
    }

    static func start(script: String, http: HTTPClient) async throws -> TwilioMockProcess {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("bench-twilio-\(UUID().uuidString).log")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("bench-twilio-\(UUID().uuidString).in")
        try Data().write(to: input)
        let python = "/usr/bin/python3"
        let pid = try spawnProgram(
            python, [script, "--account-sid", ContactsCommand.accountSID, "--auth-token", ContactsCommand.authToken, "--port", "0"],
            environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }, input: input.path, output: log.path
        )
        let written = try await waitForOutput("\"port\"", in: log, of: pid, python, deadline: .seconds(30))
        guard let line = written.split(separator: "\n").first(where: { $0.contains("\"port\"") }),
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let port = json["port"] as? Int
        else { throw BenchError("mock_twilio.py said: \(written)") }
        return TwilioMockProcess(pid: pid, base: "http://127.0.0.1:\(port)", http: http, log: log)
    }

    func stop() {
        Foundation.kill(pid, SIGTERM)
        _ = try? waitForProgram(pid, "mock_twilio.py")
        try? FileManager.default.removeItem(at: log)
    }

    func messages() async throws -> [Message] {
        let response = try await http.execute(HTTPClientRequest(url: base + "/_mock/messages"), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 26)
        let list = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [[String: Any]] ?? []
        return list.compactMap { record in
            guard let form = record["form"] as? [String: String], let at = record["received_at"] as? Double else { return nil }
            return Message(body: form["Body"] ?? "", at: at)
        }
    }

    /// Until `count` texts arrived (or, `orLess`, until none came for 5 s).
    func waitForMessages(_ count: Int, timeout: Duration, orLess: Bool = false) async throws {
        let deadline = ContinuousClock.now + timeout
        var last = -1
        var still = ContinuousClock.now
        while true {
            let got = try await messages().count
            if got >= count { return }
            if got != last { (last, still) = (got, ContinuousClock.now) }
            if orLess, ContinuousClock.now - still > .seconds(5) { return }
            guard ContinuousClock.now < deadline else { throw BenchError("\(got) of \(count) texts reached the mock") }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
