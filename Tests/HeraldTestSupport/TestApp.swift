import Foundation
import HTTPTypes
import HeraldCore
import HeraldServer
import HeraldStore
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
// herald-bench links this module too, in release builds without the test
// library: there the watchdog only prints.
#if canImport(Testing)
import Testing
#endif

/// A Herald application on a fresh database of one backend, driven through
/// the real router (or a live socket when the test needs a peer address).
public struct TestApp: Sendable {
    public static let secret = "test-secret-0123456789abcdef0123456789abcdef"
    /// bcrypt at its minimum cost keeps the tests fast; the algorithm is the same.
    public static let bcryptCost: UInt8 = 4
    public static let password = "correct horse battery"
    public static let passwordHash = Bcrypt.hash(password, cost: bcryptCost)

    public let store: any HeraldStore
    public let client: any TestClientProtocol
    public let config: HeraldConfig

    public static func config(_ location: DatabaseLocation? = nil) -> HeraldConfig {
        var config = HeraldConfig(database: location ?? .defaultSQLite, httpPort: 0, secretKey: secret, bcryptCost: bcryptCost)
        // A login waits for its method 5 s by default; a full parallel run on
        // two cores has taken longer than that for an OpenID exchange with
        // the test's own provider. The tests of the bound set their own.
        config.auth.loginTimeoutSeconds = 60
        // The live test client opens its connection at the start and may not
        // ask anything while a test builds its fixture through the store: a
        // fixture of 60 accounts took over the 60-s idle timeout in a full
        // run (the first request then met a closed connection). The test of
        // the timeout sets its own.
        config.limits.httpIdleTimeoutSeconds = 600
        return config
    }

    /// Runs `body` against an application on a fresh store. `clock` is the
    /// application's (a frozen one keeps time-based brakes from refilling
    /// on a slow machine). `schedulers`: the process runs its own held
    /// notifications, feeds and write-backs, as `herald serve` does.
    /// `faults`: the store fails the operations they plan (`FaultyStore`).
    public static func run<T: Sendable>(
        _ backend: Backend,
        faults: StoreFaults? = nil,
        framework: TestingSetup = .router,
        configure: @Sendable (inout HeraldConfig) -> Void = { _ in },
        clock: WallClock = .system,
        schedulers: Bool = false,
        logger: Logger = TestDatabase.logger,
        _ body: @Sendable (TestApp) async throws -> T
    ) async throws -> T {
        try await TestDatabase.withOpenedStore(backend, faults: faults) { opened, location in
            try await run(
                opened: opened, location: location, framework: framework, configure: configure, clock: clock, schedulers: schedulers, logger: logger, body
            )
        }
    }

    /// Runs `body` against an application on the database at `location` as
    /// it is (another process, or a replica, sharing it).
    public static func run<T: Sendable>(
        location: DatabaseLocation,
        framework: TestingSetup = .router,
        configure: @Sendable (inout HeraldConfig) -> Void = { _ in },
        logger: Logger = TestDatabase.logger,
        _ body: @Sendable (TestApp) async throws -> T
    ) async throws -> T {
        let opened = try await StoreFactory.open(location, logger: logger)
        do {
            let result = try await run(opened: opened, location: location, framework: framework, configure: configure, logger: logger, body)
            try await opened.close()
            return result
        } catch {
            try? await opened.close()
            throw error
        }
    }

    private static func run<T: Sendable>(
        opened: OpenedStore, location: DatabaseLocation?, framework: TestingSetup, configure: @Sendable (inout HeraldConfig) -> Void,
        clock: WallClock = .system, schedulers: Bool = false, logger: Logger, _ body: @Sendable (TestApp) async throws -> T
    ) async throws -> T {
        var editable = config(location)
        configure(&editable)
        let config = editable
        // The tests drive the schedulers and feed pollers they need themselves, unless they ask.
        var options = ServerOptions(clock: clock)
        options.runsSchedulers = schedulers
        let running = RunningServices()
        options.runningServices = running
        let app = try HeraldServer.buildApplication(config: config, opened: opened, roles: .serve(config), logger: logger, options: options)
        let ended = NIOLockedValueBox<ContinuousClock.Instant?>(nil)
        // The served task is awaited before this returns: `body` does not outlive the call.
        return try await withoutActuallyEscaping(body) { body in
            let served = Task {
                try await app.test(framework) { client in
                    defer { ended.withLockedValue { $0 = .now } }
                    // A live server (the only framework with a port here) is asked through a patient client.
                    guard let patient = PatientLiveClient(port: client.port) else {
                        return try await body(TestApp(store: opened.store, client: client, config: config))
                    }
                    do {
                        let result = try await body(TestApp(store: opened.store, client: patient, config: config))
                        try? await patient.shutdown()
                        return result
                    } catch {
                        try? await patient.shutdown()
                        throw error
                    }
                }
            }
            // A server that has not stopped a while after its test ended is a
            // shutdown that does not finish: said, with the services it waits
            // for, and cut off as production's group does after
            // SHUTDOWN_GRACE_SECONDS, instead of hanging the whole run.
            let watchdog = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    guard let end = ended.withLockedValue({ $0 }), ContinuousClock.now - end > Self.stopLimit else { continue }
                    let waiting = running.names
                    print("TestApp: the server had not stopped \(Self.stopLimit) after its test ended; still running: \(waiting)")
                    #if canImport(Testing)
                    Issue.record("the server had not stopped \(Self.stopLimit) after its test ended; still running: \(waiting)")
                    #endif
                    served.cancel()
                    return
                }
            }
            defer { watchdog.cancel() }
            return try await withTaskCancellationHandler { try await served.value } onCancel: { served.cancel() }
        }
    }

    /// How long a server may take to stop once its test ended.
    static let stopLimit = Duration.seconds(60)

    // MARK: Fixtures

    /// Creates a local account with `TestApp.password`.
    @discardableResult
    public func createUser(_ name: String, admin: Bool = false) async throws -> User {
        try await store.createUser(username: name, passwordHash: Self.passwordHash, isAdmin: admin)
    }

    /// Logs in through the API and returns the bearer token.
    public func login(_ name: String) async throws -> String {
        let response = try await client.execute(
            uri: "/api/v2/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: "username=\(name)&password=\(Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        )
        guard response.status == .ok || response.status == .created else {
            throw TestSetupError("login of \(name) failed: \(response.status) \(String(buffer: response.body))")
        }
        return try response.json(["access_token"]) as? String ?? ""
    }

    /// Whom a bearer token speaks for: the profile's username, or the
    /// answer's status and detail when it is refused.
    public func profileName(_ token: String) async throws -> String {
        let response = try await request(.get, "/api/v2/users/user/profile", token: token)
        guard response.status == .ok else { return "\(response.status.code) \(response.detail ?? "")" }
        return try response.json(["username"]) as? String ?? "no username in \(response.text)"
    }

    /// A user created and logged in: (user, bearer token).
    public func user(_ name: String, admin: Bool = false) async throws -> (User, String) {
        let user = try await createUser(name, admin: admin)
        return (user, try await login(name))
    }

    public func createService(category: String = "Accelerator", color: String = "ff0000", owner: String = "ops") async throws -> ServiceRecord {
        try await store.createService(ServiceDraft(category: category, color: color, owner: owner))
    }

    // MARK: Requests

    /// Sends a request with an optional bearer token and JSON body.
    public func request(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: Any? = nil, rawBody: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]))
            headers[.contentType] = "application/json"
        } else if let rawBody {
            body = ByteBuffer(string: rawBody)
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body)
    }
}

extension TestResponse {
    /// The body parsed as JSON.
    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed])
    }

    /// One value of a JSON object body, by key path.
    public func json(_ path: [String]) throws -> Any? {
        var value: Any? = try json()
        for key in path { value = (value as? [String: Any])?[key] }
        return value
    }

    /// The `detail` of an error body.
    public var detail: String? { (try? json(["detail"])) as? String }

    public var text: String { String(buffer: body) }
}

extension TestApp {
    /// Runs Herald on a real socket at the configuration's `httpHost` (on a
    /// free port) for `body`, which gets the store and the port: for what
    /// HummingbirdTesting's live client cannot do (it always dials
    /// "localhost"), such as connecting from ::1.
    public static func serving<T: Sendable>(
        _ backend: Backend, configure: @Sendable (inout HeraldConfig) -> Void = { _ in },
        _ body: @Sendable (any HeraldStore, Int) async throws -> T
    ) async throws -> T {
        try await TestDatabase.withOpenedStore(backend) { opened, location in
            var editable = config(location)
            configure(&editable)
            let config = editable
            let (ports, announce) = AsyncStream.makeStream(of: Int.self)
            let options = ServerOptions(onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) })
            let app = try HeraldServer.buildApplication(config: config, opened: opened, roles: .serve(config), logger: TestDatabase.logger, options: options)
            return try await withRunningServices([app], logger: TestDatabase.logger) {
                var iterator = ports.makeAsyncIterator()
                guard let port = await iterator.next() else { throw TestSetupError("herald did not start listening") }
                return try await body(opened.store, port)
            }
        }
    }
}
