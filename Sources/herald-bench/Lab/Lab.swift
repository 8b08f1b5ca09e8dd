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
import NIOPosix

/// What every mode against Herald's own processes sets up: the `herald`
/// binary, a database made for the run (a scratch database on DATABASE_URL's
/// server, dropped afterwards, or a SQLite file), mock APNs and FCM in this
/// process (so their records weigh nothing in Herald's memory), and an HTTP
/// client. The database is migrated by `herald migrate`, as in a deployment.
struct Lab: Sendable {
    let herald: String
    let location: DatabaseLocation
    /// DATABASE_URL for Herald's processes.
    let databaseURL: String
    /// A session on the run's PostgreSQL database for seeding and counting (nil on SQLite).
    let database: BenchDatabase?
    let mocks: MockProviders
    let directory: URL
    let http: HTTPClient
    private let mockEnvironment: [String: String]

    /// The mocks' event loops: a thread for each of a worker's connections,
    /// as a provider elsewhere serves each connection apart. On the
    /// process's two shared loops a critical push arriving on its own
    /// connection waited for the loop's pass over the fan-out's connections
    /// (hundreds of pushes each), a delay of the mock's own making.
    static let mockLoops = MultiThreadedEventLoopGroup(numberOfThreads: 8)

    static func with<T: Sendable>(_ backend: BenchBackend, herald: String?, logger: Logger, _ body: @Sendable (Lab) async throws -> T) async throws -> T {
        let herald = try herald ?? siblingHerald()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // HERALD_BENCH_KEEP: the folder (the processes' logs) stays, for a look after a run.
        defer { if ProcessInfo.processInfo.environment["HERALD_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(at: directory) } }
        // The senders' client on a thread of its own: on the mocks' event
        // loops (busy with every push of a fan-out) a POST's answer was read
        // behind their work and counted in its latency.
        let senders = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let http = HTTPClient(eventLoopGroupProvider: .shared(senders))
        defer {
            _ = http.shutdown().always { _ in senders.shutdownGracefully { _ in } }
        }
        return try await MockProviders.run(eventLoops: Self.mockLoops) { mocks in
            let environment = try mocks.environment(writingFilesTo: directory)
            return try await backend.withDatabase(in: directory, logger: logger) { location, url in
                // PostgreSQL is seeded and watched through a session of its own; SQLite through the store.
                var database: BenchDatabase?
                if case .postgres(let settings) = location { database = try await BenchDatabase.connect(settings, logger: logger) }
                let lab = Lab(
                    herald: herald, location: location, databaseURL: url, database: database, mocks: mocks, directory: directory, http: http,
                    mockEnvironment: environment
                )
                do {
                    try await lab.migrate()
                    let result = try await body(lab)
                    try await database?.close()
                    return result
                } catch {
                    try? await database?.close()
                    throw error
                }
            }
        }
    }

    /// The run's database session, for the modes that run on PostgreSQL only.
    var session: BenchDatabase {
        get throws {
            guard let database else { throw BenchError("this mode runs on PostgreSQL (--backend postgres)") }
            return database
        }
    }

    /// `herald` beside this program (both are built into one folder).
    private static func siblingHerald() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("herald").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ValidationError("no herald binary at \(path): build it (swift build -c release --static-swift-stdlib --product herald) or pass --herald")
        }
        return path
    }

    /// What Herald's processes run with: the database, the mocks, brakes off
    /// (this measures the server, not its flood control), quiet logs.
    func environment(port: Int, extra: [String: String] = [:]) -> [String: String] {
        var environment = mockEnvironment
        environment["DATABASE_URL"] = databaseURL
        environment["HTTP_PORT"] = "\(port)"
        environment["SECRET_KEY"] = "bench-secret-0123456789abcdef0123456789abcdef"
        environment["LOG_LEVEL"] = "warning"
        environment["PUBLISH_RATE"] = "0"
        environment["SENDER_RATE"] = "0"
        // Escalation's bounds and start brake (issue 39) off too: the escalation mode
        // starts a thousand at once with waits of seconds.
        environment["ESCALATION_MIN_WAIT_SECONDS"] = "0"
        environment["ESCALATION_MAX_CALLS"] = "1000000"
        environment["ESCALATION_STARTS_PER_MINUTE"] = "0"
        return environment.merging(extra) { _, given in given }
    }

    private func migrate() async throws {
        let migrated = try await runProgram(herald, ["migrate"], environment: environment(port: 0))
        guard migrated.status == 0 else { throw BenchError("herald migrate failed: \(migrated.output)") }
    }

    /// `herald serve` (or `worker`) on a port of its own, answering `/-/ready`.
    func start(
        _ command: String = "serve", name: String, port: Int? = nil, cpus: String? = nil, cgroup: CPUGroup? = nil, extra: [String: String] = [:]
    ) async throws -> (HeraldProcess, Int) {
        // A port found free may be taken before the server binds it (any
        // outgoing connection on the machine draws from the same range): a
        // server that could not bind its own is started again on another.
        var attempt = 0
        while true {
            attempt += 1
            let port = try port ?? unusedLoopbackPort()
            let log = directory.appendingPathComponent(attempt == 1 ? "\(name).log" : "\(name)-\(attempt).log")
            let process = try HeraldProcess(
                name, binary: herald, arguments: [command], environment: environment(port: port, extra: extra), log: log, cpus: cpus, cgroup: cgroup
            )
            do {
                try await process.waitUntilAnswering("http://127.0.0.1:\(port)/-/ready", http: http)
                return (process, port)
            } catch {
                process.kill()
                if process.couldNotBind, attempt < 5 { continue }
                throw error
            }
        }
    }

    /// Makes a service with `subscribers` users, each with one device (even
    /// ids APNs, odd ones FCM) and a live login, subscribed to it.
    func service(_ name: String, subscribers: Int) async throws -> UUID {
        let id = UUID()
        if let database {
            try await database.seed(service: id, name: name, subscribers: subscribers)
            return id
        }
        // SQLite: through the store, before Herald's processes open the file.
        return try await StoreFactory.withStore(location, logger: Logger(label: "herald-bench")) { store in
            let service = try await store.createService(ServiceDraft(category: name, color: "000000", owner: "bench"))
            let expiry = Date().addingTimeInterval(86_400)
            for index in 0..<subscribers {
                let user = try await store.createUser(username: "\(name.lowercased())-\(index)", passwordHash: nil, isAdmin: false)
                try await store.recordLogin(userID: user.id, expiresAt: expiry)
                let apns = user.id % 2 == 0
                let token = apns ? String(format: "%064llx", user.id) : "fcm-\(user.id):bench"
                _ = try await store.registerDevice(userID: user.id, token: token, platform: apns ? .apns : .fcm, at: Timestamp.now())
                try await store.setSubscriptions(userID: user.id, [service.id: true])
            }
            return service.id
        }
    }

    /// POSTs a notification to the server on `port`; returns its id and how long the answer took.
    func post(port: Int, service: UUID, title: String, severity: String? = nil) async throws -> (id: Int64, latency: Duration) {
        try await http.postNotification(base: "http://127.0.0.1:\(port)", service: service, title: title, severity: severity)
    }

    /// The device token of a user `service(_:subscribers:)` made (`name-index`).
    func token(ofSubscriber index: Int, of name: String) async throws -> String {
        try await StoreFactory.withStore(location, logger: Logger(label: "herald-bench")) { store in
            // Numbered from 1 by the PostgreSQL seed, from 0 through the store.
            let number = database == nil ? index - 1 : index
            guard let user = try await store.user(named: "\(name.lowercased())-\(number)"), let device = try await store.devices(userID: user.id).first else {
                throw BenchError("no device of \(name.lowercased())-\(index)")
            }
            return device.token
        }
    }

    /// All pushes at the mocks and how many distinct devices they reached.
    var arrivalStats: (total: Int, distinct: Int) {
        let (apns, fcm) = (mocks.apns.stats, mocks.fcm.stats)
        return (apns.total + fcm.total, apns.distinctTokens + fcm.distinctTokens)
    }
}

extension HTTPClient {
    /// POSTs a notification to a service of the Herald at `base`; returns
    /// its id and how long the answer took.
    func postNotification(base: String, service: UUID, title: String, severity: String? = nil) async throws -> (id: Int64, latency: Duration) {
        var request = HTTPClientRequest(url: "\(base)/api/v2/services/\(service.uuidString)/notifications")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        let level = severity.map { #", "severity": "\#($0)""# } ?? ""
        request.body = .bytes(ByteBuffer(string: #"{"title": "\#(title)", "subtitle": "benchmark", "url": "https://example.org/alarm"\#(level)}"#))
        let start = ContinuousClock.now
        let response = try await execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 16)
        let latency = ContinuousClock.now - start
        struct Created: Decodable { var id: Int64 }
        guard response.status == .created, let created = try? JSONDecoder().decode(Created.self, from: Data(body.readableBytesView)) else {
            throw BenchError("POST answered \(response.status): \(String(buffer: body))")
        }
        return (created.id, latency)
    }
}

extension MockProviders {
    /// Pushes that reached the mocks so far.
    var arrivals: Int { apns.pushCount + fcm.messageCount }

    /// When each push to `token` arrived, in order.
    func arrivals(at token: String) -> [ContinuousClock.Instant] {
        (apns.pushes.filter { $0.token == token }.map(\.arrivedAt) + fcm.messages.filter { $0.token == token }.map(\.arrivedAt)).sorted()
    }

    /// When the last push to any other device than `tokens` arrived.
    func lastArrival(excluding tokens: Set<String>) -> ContinuousClock.Instant {
        let apnsLast = apns.pushes.last { !tokens.contains($0.token) }?.arrivedAt
        let fcmLast = fcm.messages.last { !tokens.contains($0.token) }?.arrivedAt
        return [apnsLast, fcmLast].compactMap { $0 }.max() ?? .now
    }

    /// When the first push after `count` earlier ones arrived.
    func firstArrival(after count: Int) -> ContinuousClock.Instant? {
        let (pushes, messages) = (apns.pushes, fcm.messages)
        return (pushes.map(\.arrivedAt) + messages.map(\.arrivedAt)).sorted().dropFirst(count).first
    }

    /// Waits until `count` pushes reached the mocks; returns when the last of them arrived.
    @discardableResult
    func waitForArrivals(_ count: Int, timeout: Duration = .seconds(600), interval: Duration = .milliseconds(1)) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        while arrivals < count {
            guard ContinuousClock.now < deadline else { throw BenchError("only \(arrivals) of \(count) pushes arrived in \(timeout)") }
            // Times come from the mocks' own arrival records: polling
            // slowly costs no precision and leaves the CPU to Herald.
            try await Task.sleep(for: interval)
        }
        return [apns.lastArrival, fcm.lastArrival].compactMap { $0 }.max() ?? .now
    }

    /// The environment that points a `herald` process at these mocks, with
    /// the files it names (CA, APNs key, FCM service account) written to `directory`.
    func environment(writingFilesTo directory: URL) throws -> [String: String] {
        let ca = directory.appendingPathComponent("mocks-ca.pem")
        let account = directory.appendingPathComponent("mocks-service-account.json")
        let key = directory.appendingPathComponent("mocks-apns-key.p8")
        try certificates.caPEM.write(to: ca, atomically: true, encoding: .utf8)
        try fcm.serviceAccountJSON(baseURL: fcmURL).write(to: account)
        try apns.signingKeyPEM.write(to: key, atomically: true, encoding: .utf8)
        return [
            "APNS_URL": apnsURL, "APNS_KEY_ID": apns.keyID, "TEAM_ID": apns.teamID, "APNS_AUTH_KEY_FILE": key.path,
            "FCM_URL": fcmURL, "GOOGLE_APPLICATION_CREDENTIALS": account.path, "FIREBASE_PROJECT_ID": fcm.projectID, "CA_BUNDLE_FILE": ca.path,
        ]
    }
}
