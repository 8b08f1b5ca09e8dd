import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import NIOConcurrencyHelpers
import Testing

/// `herald publish` run as a sender runs it, a separate process, against a
/// live Herald on each backend (and, for the retries, a server scripted to
/// be unavailable).
@Suite("herald publish")
struct PublishCommandTests {
    struct Sender {
        let binary: String
        let port: Int
        let service: UUID
        let token: String

        /// Runs `herald publish` with the server and service from the
        /// environment, the token as `token` says.
        func callAsFunction(_ arguments: String..., input: String? = nil, token: String? = nil) async throws -> (status: Int32, output: String) {
            var environment = ["HERALD_URL": "http://127.0.0.1:\(port)", "HERALD_SERVICE": service.uuidString, "HERALD_TOKEN": token ?? self.token]
            // Nothing of the server's own settings reaches the sender.
            environment["DATABASE_URL"] = "postgres://nowhere.invalid/none"
            // A long --timeout: at the start of a full parallel run a live
            // server in the test process can take over 10 s to answer (the
            // retries then work, but a test should see its first try's answer).
            return try await runProgram(binary, ["publish", "--timeout", "120"] + arguments, environment: environment, input: input)
        }
    }

    static func withSender(_ backend: Backend, configure: @escaping @Sendable (inout HeraldConfig) -> Void = { _ in }, _ body: @escaping @Sendable (Sender, any HeraldStore) async throws -> Void) async throws {
        let binary = try builtProduct("herald")
        try await TestApp.serving(backend, configure: configure) { store, port in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00aaff", owner: "cryo"))
            let secret = ServiceToken.newSecret()
            _ = try await store.createServiceToken(serviceID: service.id, name: "cron", tokenHash: ServiceToken.hash(secret), at: Date())
            try await body(Sender(binary: binary, port: port, service: service.id, token: secret), store)
        }
    }

    @Test(arguments: Backend.allCases)
    func flagsAndJSONArePublishedWithAToken(backend: Backend) async throws {
        try await Self.withSender(backend) { herald, store in
            let sent = try await herald(
                "--title", "Helium recovery full", "--subtitle", "Compressor 2 tripped", "--link", "https://ops.example.org/cryo",
                "--severity", "major", "--attribute", "pv=CRYO:HE:LVL", "--attribute", "level=93.5", "--attribute", "latched=true", "--expires-in", "2h"
            )
            #expect(sent.status == 0, "\(sent.output)")
            let id = try #require(sent.output.firstMatch(of: /published: notification (\d+)/).flatMap { Int64($0.1) }, "\(sent.output)")
            #expect(!sent.output.contains("trying again"), "one try: \(sent.output)")
            let stored = try #require(try await store.notifications(serviceID: herald.service).first { $0.id == id })
            #expect(stored.draft.title == "Helium recovery full" && stored.draft.subtitle == "Compressor 2 tripped" && stored.draft.url == "https://ops.example.org/cryo")
            #expect(stored.draft.severity == .major)
            #expect(stored.draft.key?.hasPrefix("herald-publish:") == true)
            let expires = try #require(stored.draft.expiresAt)
            #expect(abs(expires.timeIntervalSinceNow - 7200) < 120)
            let attributes = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try #require(stored.draft.attributes))) as? [String: Any]
            #expect(attributes?["pv"] as? String == "CRYO:HE:LVL" && attributes?["level"] as? Double == 93.5 && attributes?["latched"] as? Bool == true, "\(String(describing: attributes))")
            #expect(!sent.output.contains(herald.token))

            // The whole notification as JSON on stdin, with the sender's own key: sent twice, one notification.
            let json = #"{"title": "Beam dump", "severity": "critical", "key": "bd-7", "attributes": {"section": "A2T"}}"#
            let first = try await herald("--json", "--print-json", input: json)
            let again = try await herald("--json", "--print-json", input: json)
            #expect(first.status == 0 && first.output.contains(#""status":201"#), "\(first.output)")
            #expect(again.status == 0 && again.output.contains(#""status":200"#), "\(again.output)")
            #expect(try await store.notifications(serviceID: herald.service).filter { $0.draft.key == "bd-7" }.count == 1)

            // ESS Notify's sender API.
            let old = try await herald("--v1", "--title", "Old sender", "--subtitle", "via v1")
            #expect(old.status == 0, "\(old.output)")
            #expect(try await store.notifications(serviceID: herald.service).contains { $0.draft.title == "Old sender" && $0.draft.key == nil })
            // Held for later: 202.
            let held = try await herald("--title", "Shift change", "--deliver-at", ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600)))
            #expect(held.status == 0 && held.output.contains("held"), "\(held.output)")
        }
    }

    @Test(arguments: Backend.allCases)
    func eachRefusalHasItsExitStatusAndReason(backend: Backend) async throws {
        // Loopback not allowlisted (an empty list lets every address post, and a wrong token then counts for nothing).
        try await Self.withSender(backend, configure: { $0.allowedNetworks = [IPNetwork("192.0.2.0/24")!] }) { herald, store in
            let before = try await store.notifications(serviceID: herald.service).count
            // A wrong token, and none from an address that is not allowlisted.
            let forged = try await herald("--title", "x", token: "hrld_" + String(repeating: "a", count: 43))
            #expect(forged.status == 77, "\(forged.output)")
            let anonymous = try await herald("--title", "x", token: "")
            #expect(anonymous.status == 77 && anonymous.output.contains("HTTP 403"), "\(anonymous.output)")
            // The token from a file (never the command line), whitespace around it ignored: taken
            // where an anonymous post was refused, so the file's token is what let it in.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-token-\(UUID().uuidString)")
            try Data("  \(herald.token)\n".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let fromFile = try await herald("--title", "Token from a file", "--token-file", file.path, token: "")
            #expect(fromFile.status == 0 && !fromFile.output.contains(herald.token), "\(fromFile.output)")
            // The server's rule, in its words: an expiry already past.
            let past = try await herald("--title", "x", "--expires-at", "2001-01-01T00:00:00Z")
            #expect(past.status == 65 && past.output.contains("expires_at"), "\(past.output)")
            let badAttribute = try await herald("--json", input: #"{"title": "x", "attributes": {"bad name!": 1}}"#)
            #expect(badAttribute.status == 65 && badAttribute.output.contains("attributes"), "\(badAttribute.output)")
            // Another service: unknown to the token (the token is not that service's) or to the server.
            let elsewhere = try await runProgram(
                herald.binary, ["publish", "--server", "http://127.0.0.1:\(herald.port)", "--service", UUID().uuidString, "--title", "x"],
                environment: ["HERALD_TOKEN": herald.token]
            )
            // The token is not that service's, so the post is judged by its address, which is not allowed.
            #expect(elsewhere.status == 77 && elsewhere.output.contains("IP address not allowed"), "\(elsewhere.output)")
            // The command line's own mistakes, before anything is sent.
            for arguments in [["--v1", "--title", "x", "--severity", "major"], ["--json", "--title", "x"], [], ["--title", "x", "--attribute", "novalue"],
                              ["--title", "x", "--expires-in", "soon"], ["--title", "x", "--retry-for=-1"], ["--title", "x", "--timeout=0"], ["--title", "x", "--timeout=4000"]] {
                let wrong = try await runProgram(herald.binary, ["publish"] + arguments, environment: [
                    "HERALD_URL": "http://127.0.0.1:\(herald.port)", "HERALD_SERVICE": herald.service.uuidString, "HERALD_TOKEN": herald.token,
                ])
                #expect(wrong.status == 64, "\(arguments): \(wrong.output)")
                if arguments.contains(where: { $0.hasPrefix("--retry-for=") || $0.hasPrefix("--timeout=") }) {
                    #expect(wrong.output.contains("must be 0 to 86400"), "\(arguments): \(wrong.output)")
                }
            }
            let notJSON = try await herald("--json", input: "[1, 2]")
            #expect(notJSON.status == 64 && notJSON.output.contains("not a JSON object"), "\(notJSON.output)")
            #expect(try await store.notifications(serviceID: herald.service).count == before + 1, "only the post with the file's token")
        }
    }

    @Test func anAllowlistedAddressNeedsNoToken() async throws {
        try await Self.withSender(.sqlite, configure: { $0.allowedNetworks = [IPNetwork("127.0.0.0/8")!] }) { herald, store in
            let sent = try await herald("--title", "From the control room's network", token: "")
            #expect(sent.status == 0, "\(sent.output)")
            let unknown = try await runProgram(
                herald.binary, ["publish", "--server", "http://127.0.0.1:\(herald.port)/", "--service", UUID().uuidString, "--title", "x"], environment: ["HERALD_TOKEN": ""]
            )
            #expect(unknown.status == 67, "\(unknown.output)")
        }
    }

    @Test func aRateLimitThatAsksTooLongIsNotWaitedOut() async throws {
        try await Self.withSender(.sqlite, configure: { $0.limits.publishPerSecond = 1.0 / 3600; $0.limits.publishBurst = 1 }) { herald, _ in
            #expect(try await herald("--title", "first").status == 0)
            let start = ContinuousClock.now
            let limited = try await herald("--title", "second", "--retry-for", "5")
            #expect(limited.status == 75, "\(limited.output)")
            // 3600 s, or 3599 when the answer came in the next second of a slow run.
            #expect(
                limited.output.contains("HTTP 429") && limited.output.range(of: #"asked to wait 3(599|600) s, more than the"#, options: .regularExpression) != nil,
                "\(limited.output)"
            )
            // Stopped at the answer, not after an hour's wait (the bound is loose: a loaded machine starts processes slowly).
            #expect(ContinuousClock.now - start < .seconds(60))
        }
    }

    /// A server that sends its answer's head and then drips the body: the
    /// try ends at --timeout, head and body together (a cron job never hangs).
    @Test func anAnswerThatStallsEndsAtTheTimeout() async throws {
        let binary = try builtProduct("herald")
        // The body drips a byte every 300 ms, so no read ever times out: only
        // the try's own deadline ends it. Ended once the test is done so the server can stop.
        let (stalled, end) = AsyncStream.makeStream(of: ByteBuffer.self)
        let drip = Task {
            while !Task.isCancelled {
                end.yield(ByteBuffer(string: " "))
                try await Task.sleep(for: .milliseconds(300))
            }
        }
        defer { drip.cancel() }
        let router = Router()
        router.post("/api/v2/services/:id/notifications") { _, _ -> Response in
            Response(status: .created, headers: [.contentType: "application/json"], body: .init(asyncSequence: stalled))
        }
        let (port, stop) = try await LiveServer.start(router: router)
        let start = ContinuousClock.now
        let run: (status: Int32, output: String)
        do {
            run = try await runProgram(binary, [
                "publish", "--server", "http://127.0.0.1:\(port)", "--service", UUID().uuidString, "--title", "t", "--timeout", "5", "--retry-for", "0",
            ], environment: ["HERALD_TOKEN": ""], deadline: .seconds(60))
            end.finish()
            try await stop()
        } catch {
            end.finish()
            try? await stop()
            throw error
        }
        #expect(run.status == 75 && run.output.contains("no complete answer in time"), "\(run.output)")
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    /// A redirect is not followed: the token would go wherever it points.
    @Test func aRedirectIsNotFollowedWithTheToken() async throws {
        let binary = try builtProduct("herald")
        let elsewhere = NIOLockedValueBox<[String?]>([])
        let thief = Router()
        thief.post("/api/v2/services/:id/notifications") { request, _ -> Response in
            elsewhere.withLockedValue { $0.append(request.headers[.authorization]) }
            return Response(status: .created)
        }
        let (thiefPort, stopThief) = try await LiveServer.start(router: thief)
        let router = Router()
        router.post("/api/v2/services/:id/notifications") { request, _ -> Response in
            Response(status: .temporaryRedirect, headers: [.location: "http://127.0.0.1:\(thiefPort)\(request.uri.path)"])
        }
        let (port, stop) = try await LiveServer.start(router: router)
        let run: (status: Int32, output: String)
        do {
            run = try await runProgram(binary, ["publish", "--server", "http://127.0.0.1:\(port)", "--service", UUID().uuidString, "--title", "t", "--retry-for", "0"],
                                       environment: ["HERALD_TOKEN": "hrld_secret-token"])
            try await stop()
            try await stopThief()
        } catch {
            try? await stop()
            try? await stopThief()
            throw error
        }
        #expect(run.status == 76 && run.output.contains("HTTP 307"), "\(run.output)")
        #expect(elsewhere.withLockedValue { $0 }.isEmpty, "the redirect's target was asked")
        #expect(!run.output.contains("secret-token"))
    }

    /// A server that is away twice (503 with Retry-After: 1, then no
    /// answer at all on a refused port is covered below), then takes it.
    @Test func unavailableIsTriedAgainAfterRetryAfter() async throws {
        let binary = try builtProduct("herald")
        let posts = NIOLockedValueBox<[(at: ContinuousClock.Instant, key: String?)]>([])
        let router = Router()
        router.post("/api/v2/services/:id/notifications") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            let key = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])?["key"] as? String
            let count = posts.withLockedValue { $0.append((.now, key)); return $0.count }
            if count < 3 {
                return Response(status: .serviceUnavailable, headers: [.retryAfter: "1", .contentType: "application/json"],
                                body: .init(byteBuffer: ByteBuffer(string: #"{"detail": "Database unavailable"}"#)))
            }
            return Response(status: .created, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"id": 77}"#)))
        }
        let (port, stop) = try await LiveServer.start(router: router)
        let sent: (status: Int32, output: String)
        do {
            sent = try await runProgram(
                binary, ["publish", "--server", "http://127.0.0.1:\(port)", "--service", UUID().uuidString, "--title", "t", "--timeout", "120"], environment: ["HERALD_TOKEN": ""]
            )
            try await stop()
        } catch {
            try? await stop()
            throw error
        }
        #expect(sent.status == 0 && sent.output.contains("published: notification 77"), "\(sent.output)")
        #expect(sent.output.components(separatedBy: "Database unavailable; trying again in").count == 3, "\(sent.output)")
        let seen = posts.withLockedValue { $0 }
        #expect(seen.count == 3 && Set(seen.map(\.key)).count == 1 && seen[0].key != nil)
        for index in 1..<seen.count { #expect(seen[index].at - seen[index - 1].at >= .milliseconds(990)) }

        // Nobody listening: retried for the budget, then 75.
        try await withRefusingLoopbackPort { refusing in
            let away = try await runProgram(binary, ["publish", "--server", "http://127.0.0.1:\(refusing)", "--service", UUID().uuidString, "--title", "t", "--retry-for", "1"], environment: ["HERALD_TOKEN": ""])
            #expect(away.status == 75 && away.output.contains("no connection") && away.output.contains("tries"), "\(away.output)")
        }
    }
}
