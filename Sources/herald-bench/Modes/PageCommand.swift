import ArgumentParser
import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import NIOCore
import NIOHTTP1

/// A page to a team of N (issue 41) against a plain post to N subscribers,
/// in the same run and server: a page must reach a team as fast as any
/// notification reaches its service.
struct PageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Page a team of N members through `herald serve`, against a post to a service of N subscribers.",
        discussion: """
            N users with one device each subscribed to a service, and N others in a team kept by hand; an admin made with \
            `herald user add`. Per run, through one `herald serve`: a critical POST to the service (POST to its last push), the team's \
            first page (which makes its page service and subscribes the members), and a second page. Each page calls every \
            member at once (the team's default policy: its first step is the post itself).
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Members of the team, and subscribers of the plain service.") var members = 500

    func validate() throws {
        guard members >= 1 else { throw ValidationError("--members must be positive") }
    }

    func run() async throws {
        let (members, backend) = (members, lab.backend)
        let runs = try await lab.repeated { lab, _ in
            let plain = try await lab.service("Plain", subscribers: members)
            _ = try await lab.service("Team", subscribers: members)
            let teamID = try await Self.team(of: members, in: lab)
            let password = "bench-admin-password"
            let made = try await runProgram(lab.herald, ["user", "add", "bench-admin", "--admin", "--password-stdin"], environment: lab.environment(port: 0), input: password + "\n")
            guard made.status == 0 else { throw BenchError("herald user add failed: \(made.output)") }
            let (server, port) = try await lab.start(name: "serve")
            defer { server.stop() }
            let base = "http://127.0.0.1:\(port)"
            let token = try await Self.login(base, "bench-admin", password, http: lab.http)

            func reach(_ send: () async throws -> Duration) async throws -> (post: Double, last: Double) {
                let before = lab.mocks.arrivals
                let start = ContinuousClock.now
                let latency = try await send()
                let last = try await lab.mocks.waitForArrivals(before + members, timeout: .seconds(300), interval: .microseconds(200))
                return (Stats.milliseconds(latency), Stats.milliseconds(last - start))
            }
            // Critical, as a page is: the same lane and priority.
            let post = try await reach { try await lab.post(port: port, service: plain, title: "plain", severity: "critical").latency }
            let first = try await reach { try await Self.page(base, team: teamID, token: token, title: "first page", http: lab.http) }
            let second = try await reach { try await Self.page(base, team: teamID, token: token, title: "second page", http: lab.http) }
            let (total, distinct) = lab.arrivalStats
            guard distinct == 2 * members else { throw BenchError("\(distinct) devices reached, \(2 * members) expected") }
            let duplicates = total - 3 * members
            return Figures(
                line: "page \(backend.rawValue), \(members) members: post to \(members) subscribers POST \(Stats.format(post.post)) ms, last push \(Stats.format(post.last)) ms; "
                    + "the team's first page POST \(Stats.format(first.post)) ms, last push \(Stats.format(first.last)) ms; second page POST \(Stats.format(second.post)) ms, "
                    + "last push \(Stats.format(second.last)) ms; \(duplicates) pushed twice",
                columns: [
                    ("backend", backend.rawValue), ("members", "\(members)"), ("post_ms", Stats.format(post.post, 2)), ("post_last_ms", Stats.format(post.last, 1)),
                    ("first_page_ms", Stats.format(first.post, 2)), ("first_page_last_ms", Stats.format(first.last, 1)),
                    ("page_ms", Stats.format(second.post, 2)), ("page_last_ms", Stats.format(second.last, 1)), ("duplicates", "\(duplicates)"),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "page \(backend.rawValue), \(members) members, median of \(runs.count): post last push \(Stats.format(median("post_last_ms"))) ms; "
                    + "first page last push \(Stats.format(median("first_page_last_ms"))) ms (POST \(Stats.format(median("first_page_ms"))) ms); "
                    + "second page last push \(Stats.format(median("page_last_ms"))) ms (POST \(Stats.format(median("page_ms"))) ms)"
            )
        }
    }

    /// A hand-kept team of the users `Lab.service("Team", ...)` made.
    private static func team(of members: Int, in lab: Lab) async throws -> Int64 {
        try await StoreFactory.withStore(lab.location, logger: Logger(label: "herald-bench")) { store in
            guard let team = try await store.createTeam(name: "Bench team", source: .manual, at: Date()) else { throw BenchError("no team made") }
            // Numbered from 1 by the PostgreSQL seed, from 0 through the store.
            let first = lab.database == nil ? 0 : 1
            var ids: Set<UserID> = []
            for index in first..<(first + members) {
                guard let user = try await store.user(named: "team-\(index)") else { throw BenchError("no user team-\(index)") }
                ids.insert(user.id)
            }
            try await store.setTeamMembers(teamID: team.id, userIDs: ids, at: Date())
            return team.id
        }
    }

    private static func login(_ base: String, _ username: String, _ password: String, http: HTTPClient) async throws -> String {
        var request = HTTPClientRequest(url: "\(base)/api/v2/login")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "username=\(username)&password=\(password)"))
        let response = try await http.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 16)
        struct Token: Decodable { var access_token: String }
        guard let token = try? JSONDecoder().decode(Token.self, from: Data(body.readableBytesView)) else { throw BenchError("login answered \(response.status)") }
        return token.access_token
    }

    private static func page(_ base: String, team: Int64, token: String, title: String, http: HTTPClient) async throws -> Duration {
        var request = HTTPClientRequest(url: "\(base)/api/v2/teams/\(team)/pages")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "authorization", value: "Bearer \(token)")
        request.body = .bytes(ByteBuffer(string: #"{"title": "\#(title)", "severity": "critical"}"#))
        let start = ContinuousClock.now
        let response = try await http.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 16)
        let latency = ContinuousClock.now - start
        guard response.status == .created else { throw BenchError("page answered \(response.status): \(String(buffer: body))") }
        return latency
    }
}
