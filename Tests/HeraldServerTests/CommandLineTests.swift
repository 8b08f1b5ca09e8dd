import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// The shipped `herald` binary's short commands, run as an operator runs
/// them: a separate process on a database file, configured by environment.
@Suite("The herald command line")
struct CommandLineTests {
    struct Herald {
        let binary: String
        let environment: [String: String]

        func callAsFunction(_ arguments: String..., input: String? = nil, environment extra: [String: String] = [:]) async throws -> (status: Int32, output: String) {
            try await runProgram(binary, arguments, environment: environment.merging(extra) { _, given in given }, input: input)
        }
    }

    static func withHerald(_ body: (Herald, DatabaseLocation) async throws -> Void) async throws {
        let binary = try builtProduct("herald")
        try await TestDatabase.withFreshDatabase(.sqlite) { location in
            guard case .sqlite(let path) = location else { return }
            // A port held for the whole test and never listened on: nothing
            // answers there (the probe's "not ready"), and no other test can
            // take it meanwhile, as one could a port released for the asking.
            try await withRefusingLoopbackPort { port in
                let environment = [
                    "DATABASE_URL": "sqlite://\(path)", "SECRET_KEY": "cli-test-secret-0123456789abcdef0123456789", "LOG_LEVEL": "error",
                    "HTTP_PORT": String(port),
                ]
                try await body(Herald(binary: binary, environment: environment), location)
            }
        }
    }

    @Test func accountsAreManagedAndPasswordsNeverPrinted() async throws {
        try await Self.withHerald { herald, location in
            let password = "pw-\(UUID().uuidString)"
            let migrated = try await herald("migrate")
            #expect(migrated.status == 0, "\(migrated.output)")

            let added = try await herald("user", "add", "Alice", "--admin", "--password-stdin", input: password + "\n")
            #expect(added.status == 0 && added.output.contains("created user 'alice' (admin)"), "\(added.output)")
            let again = try await herald("user", "add", "alice", "--password-stdin", input: password + "\n")
            #expect(again.status == 64 && again.output.contains("There is already a user alice"), "\(again.output)")
            // The rule the admin page follows, in the same words (UserAccountTests).
            let short = try await herald("user", "add", "carol", "--password-stdin", input: "short\n")
            #expect(short.status == 64 && short.output.contains("The password must have at least 8 characters"), "\(short.output)")
            #expect(try await herald("user", "add", "bob", "--password-stdin", input: "other-password\n").status == 0)

            let listed = try await herald("user", "list")
            #expect(listed.status == 0 && listed.output.contains("alice") && listed.output.contains("bob"), "\(listed.output)")
            let before = try await StoreFactory.withStore(location, logger: TestDatabase.logger) { try await $0.passwordHash(username: "alice") }
            #expect(before?.hasPrefix("$2") == true)

            #expect(try await herald("user", "passwd", "alice", "--password-stdin", input: "a-new-password\n").status == 0)
            let after = try await StoreFactory.withStore(location, logger: TestDatabase.logger) { try await $0.passwordHash(username: "alice") }
            #expect(after != nil && after != before)
            let nobody = try await herald("user", "passwd", "nobody", "--password-stdin", input: "x-password\n")
            #expect(nobody.status == 64 && nobody.output.contains("User not found"), "\(nobody.output)")

            // The audit line the API and the pages write, naming who did it.
            let deleted = try await herald("user", "delete", "bob", environment: ["LOG_LEVEL": "info"])
            #expect(deleted.status == 0 && deleted.output.contains("user deleted") && deleted.output.contains("by=command line"), "\(deleted.output)")
            let remaining = try await StoreFactory.withStore(location, logger: TestDatabase.logger) { try await $0.users().map(\.username) }
            #expect(remaining == ["alice"])
            for output in [added.output, again.output, listed.output] { #expect(!output.contains(password)) }

            // An admin's link to another sign-in method, with the rule the
            // user admin page follows (issue 23); an OpenID link names the
            // subject (issue 39).
            let byName = try await herald("user", "link", "alice", "--method", "oidc", "--issuer", "https://idp.example.org/realms/site")
            #expect(byName.status == 64 && byName.output.contains("subject (`sub`)"), "\(byName.output)")
            let linked = try await herald(
                "user", "link", "alice", "--method", "oidc", "--issuer", "https://idp.example.org/realms/site", "--subject", "alice-at-idp"
            )
            #expect(linked.status == 0 && linked.output.contains("(subject alice-at-idp)"), "\(linked.output)")
            let local = try await herald("user", "link", "alice", "--method", "local")
            #expect(local.status == 64 && local.output.contains("a local password belongs to its account"), "\(local.output)")
            #expect(try await herald("user", "link", "nobody", "--method", "ldap").status == 64)
            #expect(try await herald("user", "list").output.contains("local + oidc https://idp.example.org/realms/site"))
            let identities = try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                try await store.identities(userID: try #require(try await store.user(named: "alice")).id)
            }
            #expect(identities == [AccountIdentity(origin: .oidc, issuer: "https://idp.example.org/realms/site", subject: "alice-at-idp")])
            #expect(try await herald("user", "unlink", "alice", "--method", "oidc", "--issuer", "https://idp.example.org/realms/site").status == 0)
            #expect(try await herald("user", "unlink", "alice", "--method", "oidc", "--issuer", "https://idp.example.org/realms/site").status == 64)
        }
    }

    @Test func maintenanceCommandsRunOnALiveDatabase() async throws {
        try await Self.withHerald { herald, location in
            // Data for them to find: an old notification and a removed device.
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
                _ = try await store.publish(NotificationDraft(title: "old"), serviceID: service.id, at: Date().addingTimeInterval(-40 * 86_400))
                _ = try await store.publish(NotificationDraft(title: "new"), serviceID: service.id, at: Date())
                let user = try await store.createUser(username: "carol", passwordHash: nil, isAdmin: false)
                _ = try await store.registerDevice(userID: user.id, token: String(repeating: "cd", count: 32), platform: .apns, at: Date().addingTimeInterval(-60))
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                let published = try #require(try await store.publish(NotificationDraft(title: "push"), serviceID: service.id, at: Date()))
                let claimed = try await store.claimDeliveries(limit: 10, now: Date(), leaseUntil: Date().addingTimeInterval(60))
                #expect(claimed.map(\.notification.id) == [published.id])
                try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .dropped(reason: "APNs 410 Unregistered")) }, at: Date())
            }
            let deleted = try await herald("delete-notifications", "--days", "30")
            #expect(deleted.status == 0 && deleted.output.contains("deleted 1 notification(s) older than 30 day(s)"), "\(deleted.output)")
            let removed = try await herald("devices", "removed")
            #expect(removed.status == 0 && removed.output.contains("APNs 410 Unregistered") && removed.output.contains("…cdcdcd"), "\(removed.output)")
            #expect(!removed.output.contains(String(repeating: "cd", count: 32)), "only a hint of the token")
            let restored = try await herald("devices", "restore", "--hours", "1")
            #expect(restored.status == 0, "\(restored.output)")
            #expect(try await herald("parked").status == 0)
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try #require(try await store.services().first)
                #expect(try await store.notifications(serviceID: service.id).map(\.title) == ["new", "push"])
                let carol = try #require(try await store.user(named: "carol"))
                #expect(try await store.devices(userID: carol.id).count == 1, "restored")
            }
            let badHours = try await herald("devices", "removed", "--hours", "0")
            #expect(badHours.status == 64 && badHours.output.contains("--hours"), "\(badHours.output)")
        }
    }

    @Test func configCheckProbeAndHelp() async throws {
        try await Self.withHerald { herald, _ in
            let valid = try await herald("config", "check")
            #expect(valid.status == 0 && valid.output.contains("configuration is valid"), "\(valid.output)")
            #expect(!valid.output.contains("cli-test-secret"), "secrets masked")
            let invalid = try await herald("config", "check", environment: ["SECRET_KEY": "short"])
            #expect(invalid.status == 64 && invalid.output.contains("SECRET_KEY"), "\(invalid.output)")
            // Nothing listens on HTTP_PORT: the probe says "not ready" with
            // its documented status (1), not a crash or a usage error.
            let probe = try await herald("probe")
            #expect(probe.status == 1, "\(probe.status): \(probe.output)")
            for command in [["--help"], ["serve", "--help"], ["worker", "--help"], ["user", "add", "--help"], ["devices", "restore", "--help"], ["import-ess", "--help"]] {
                let help = try await runProgram(herald.binary, command, environment: herald.environment)
                #expect(help.status == 0 && help.output.contains("USAGE"), "\(command)")
            }
            let unknown = try await herald("frobnicate")
            #expect(unknown.status == 64)
        }
    }

    /// A first start on an empty database is quiet: the schedulers, the feed
    /// poller and the retention pass wait for the migrations, so nothing
    /// queries a table that is not there yet ("no such table:
    /// scheduled_notifications" on every fresh start, before).
    @Test func aFreshServeLogsNoErrorOrWarningBeforeListening() async throws {
        let binary = try builtProduct("herald")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("serve.log")
        let environment = ProcessInfo.processInfo.environment.merging([
            // Port 0: the system's choice, taken by the server itself (a port
            // released for the asking could be another test's by then).
            "DATABASE_URL": "sqlite://\(directory.path)/herald.sqlite", "HTTP_PORT": "0", "LOG_LEVEL": "info",
            "ADMIN_PASSWORD_FILE": directory.appendingPathComponent("admin-password").path,
        ]) { _, given in given }.map { "\($0.key)=\($0.value)" }
        let pid = try spawnProgram(binary, ["serve"], environment: environment, input: "/dev/null", output: log.path)
        let written: String
        do {
            written = try await waitForOutput("listening", in: log, of: pid, binary)
            // Until it is ready (migrated, every part started): a part that
            // started early has failed by then.
            let port = try #require(
                written.components(separatedBy: "listening on 127.0.0.1:").last?.split(whereSeparator: \.isNewline).first.flatMap { Int($0) }, "\(written)"
            )
            try await eventually("/-/ready", every: .milliseconds(50)) { () -> Bool? in
                if let status = try endedProgramStatus(pid, binary) { throw TestSetupError("herald serve exited (\(status)) before it was ready") }
                let response = try? await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/-/ready"), timeout: .seconds(5))
                return response?.status == .ok ? true : nil
            }
        } catch {
            kill(pid, SIGKILL)
            _ = try? waitForProgram(pid, binary)
            throw error
        }
        kill(pid, SIGTERM)
        let status = try await statusAfterSignal(pid, binary)
        let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? written).split(separator: "\n")
        let startUp = lines.prefix { !$0.contains("listening") }
        let loud = startUp.filter { $0.contains(" warning ") || $0.contains(" error ") || $0.contains(" critical ") }
        #expect(startUp.count < lines.count, "no listening line in: \(lines)")
        #expect(startUp.contains { $0.contains("applied migration") }, "a fresh database is migrated: \(startUp)")
        #expect(loud.isEmpty, "\(loud.joined(separator: "\n"))")
        let afterwards = lines.dropFirst(startUp.count).filter { $0.contains(" error ") || $0.contains("no such table") }
        #expect(afterwards.isEmpty, "\(afterwards.joined(separator: "\n"))")
        #expect(status == 0, "herald serve ends cleanly on SIGTERM")
    }

    /// A server whose port is taken ends, saying so, instead of living on
    /// unready: when the HTTP server failed to bind, the group cancelled the
    /// other services, and the digest loop, its sleeps thrown at once by the
    /// cancellation, spun for ever (CI saw a benchmark's server hang so).
    @Test func aServeWhosePortIsTakenEndsAndSaysWhy() async throws {
        let binary = try builtProduct("herald")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-taken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("serve.log")
        try await withRefusingLoopbackPort { port in
            let environment = ProcessInfo.processInfo.environment.merging([
                "DATABASE_URL": "sqlite://\(directory.path)/herald.sqlite", "HTTP_PORT": String(port), "LOG_LEVEL": "warning",
                "ADMIN_PASSWORD_FILE": directory.appendingPathComponent("admin-password").path,
            ]) { _, given in given }.map { "\($0.key)=\($0.value)" }
            let pid = try spawnProgram(binary, ["serve"], environment: environment, input: "/dev/null", output: log.path)
            var status: Int32?
            let deadline = ContinuousClock.now + .seconds(60)
            while status == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                status = try endedProgramStatus(pid, binary)
            }
            if status == nil {
                kill(pid, SIGKILL)
                _ = try? waitForProgram(pid, binary)
            }
            let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(status != nil && status != 0, "it ends, and not as a success: \(String(describing: status)) \(written)")
            #expect(written.contains("Address already in use"), "\(written)")
        }
    }

    /// Waits up to 30 s for a signalled program to end; kills it after that.
    private func statusAfterSignal(_ pid: pid_t, _ path: String) async throws -> Int32 {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(30) {
            if let status = try endedProgramStatus(pid, path) { return status }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        _ = try? waitForProgram(pid, path)
        throw TestSetupError("\(path) did not end within 30 s of SIGTERM")
    }
}
