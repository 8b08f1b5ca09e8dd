import ArgumentParser
import AsyncHTTPClient
import Foundation
import HeraldSender
import NIOCore
import NIOSSL

/// `herald publish`: a sender's tool, for scripts and cron jobs on machines
/// that do not run Herald. Reads no server settings and opens no database.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Post a notification to a Herald service (for scripts: exit 0 sent, 65 refused, 67 no such service, 75 try later, 77 not allowed).",
        discussion: """
            The server from --server or HERALD_URL, the service from --service or HERALD_SERVICE. A service token \
            (or a publisher's login token) from HERALD_TOKEN or --token-file; none when this machine's address is \
            in the server's ALLOWED_NETWORKS. Never on the command line: other users can read it there.

            The notification from flags, or with --json as a JSON object on standard input (the API's \
            NotificationCreate: title, subtitle, url, severity, attributes, key, expires_at, deliver_at).

            Answers 429 and 5xx, and connections that cannot be made, are tried again (honouring Retry-After) \
            for up to --retry-for seconds. A v2 post without --key gets a key of its own, so a retry after a lost \
            answer never posts twice; --v1 (ESS Notify's sender API: title, subtitle and url only) has no key and \
            is not retried once sent.

            Exit statuses: 0 stored, updated or held; 64 usage; 65 the server refused the notification (fix it, \
            do not retry); 67 no such service; 75 not now and the retries ran out (try later); 76 an answer this \
            tool does not understand; 77 not allowed (address or token).
            """
    )

    @Option(help: "The Herald server's URL (default HERALD_URL).") var server: String?
    @Option(help: "The service's id, a UUID (default HERALD_SERVICE).") var service: String?
    @Option(help: "A file holding the token (default: HERALD_TOKEN; none for an allowlisted address).") var tokenFile: String?

    @Option(help: "The title (required unless --json).") var title: String?
    @Option(help: "The text under the title.") var subtitle: String?
    @Option(help: "A link the notification opens (the API's `url`).") var link: String?
    @Option(help: "How serious: none, ok, info, low, warning, minor, major, error, high, critical...") var severity: String?
    @Option(help: "The sender's name for the event: a second post with the same key updates it.") var key: String?
    @Option(name: .customLong("attribute"), help: "An attribute NAME=VALUE for subscribers' filters (repeatable; numbers and true/false as such).")
    var attributes: [String] = []
    @Option(help: "When it stops mattering: RFC 3339 (2026-12-01T08:00:00Z).") var expiresAt: String?
    @Option(help: "When it stops mattering, from now: 90s, 30m, 2h, 1d.") var expiresIn: String?
    @Option(help: "Hold it until then: RFC 3339.") var deliverAt: String?
    @Flag(help: "Read the notification as a JSON object from standard input instead of flags.") var json = false
    @Flag(help: "Post to /api/v1 (ESS Notify's sender API: title, subtitle and url; no key, no retry once sent).") var v1 = false

    @Option(help: "Keep retrying for up to this many seconds (0: one try).") var retryFor = 60.0
    @Option(help: "Seconds to wait for each answer.") var timeout = 10.0
    @Option(help: "A PEM file of CA certificates to trust for the server (a site's own CA).") var caFile: String?
    @Flag(help: "Print the server's answer as JSON instead of a line.") var printJSON = false
    @Flag(help: "Print nothing on success, and no retry notices.") var quiet = false

    func validate() throws {
        if json && (title != nil || subtitle != nil || link != nil || severity != nil || key != nil || !attributes.isEmpty || expiresAt != nil || expiresIn != nil || deliverAt != nil) {
            throw ValidationError("--json reads the whole notification from standard input: give no field flags with it")
        }
        if !json && title == nil { throw ValidationError("--title is required (or --json with the notification on standard input)") }
        if expiresAt != nil && expiresIn != nil { throw ValidationError("--expires-at or --expires-in, not both") }
        guard retryFor >= 0, retryFor <= 86_400, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--retry-for must be 0 to 86400 seconds and --timeout 0 to 3600")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let base = server ?? environment["HERALD_URL"], let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("--server (or HERALD_URL) must be the server's http(s) URL")
        }
        guard let serviceText = service ?? environment["HERALD_SERVICE"], let serviceID = UUID(uuidString: serviceText) else {
            throw ValidationError("--service (or HERALD_SERVICE) must be the service's id, a UUID")
        }
        let request = PublishRequest(service: serviceID, version: v1 ? .v1 : .v2, fields: try fields())
        if let problem = request.problem { throw ValidationError(problem) }
        let token = try readToken(environment)
        if token != nil, url.scheme?.lowercased() == "http", !["127.0.0.1", "::1", "[::1]", "localhost"].contains(url.host?.lowercased() ?? "") {
            Self.standardError("herald publish: warning: sending the token over plain http to \(url.host ?? "?"): anyone on the way can read it")
        }

        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        // A refused or unreachable server fails the try at once; the retries
        // are the publisher's (its budget, its backoff, its notices), not the
        // pool's own until the request's deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .milliseconds(Int64(min(timeout, 10) * 1000))
        configuration.timeout.read = .milliseconds(Int64(timeout * 1000))
        if let caFile {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(caFile)
            configuration.tlsConfiguration = tls
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let transport = HTTPPublishTransport(client: client, base: base, token: token, timeout: .milliseconds(Int64(timeout * 1000)))
        let publisher = Publisher(transport: transport, plan: RetryPlan(budget: .milliseconds(Int64(retryFor * 1000))))
        let result: Publisher.Result
        do {
            result = try await publisher.publish(request) { retry in
                if !quiet { Self.standardError("herald publish: \(retry.reason); trying again in \(Self.seconds(retry.wait)) s") }
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
        report(result)
        if result.exitCode != .published { throw ExitCode(result.exitCode.rawValue) }
    }

    /// The body: stdin's object, or the flags.
    func fields() throws -> [String: JSONValue] {
        if json {
            let input = FileHandle.standardInput.readDataToEndOfFile()
            guard input.count <= 1 << 20 else { throw ValidationError("the JSON on standard input is over 1 MiB") }
            guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: input) else {
                throw ValidationError("standard input is not a JSON object (the notification, e.g. {\"title\": \"Cooling lost\"})")
            }
            return object
        }
        var fields: [String: JSONValue] = [:]
        fields["title"] = title.map(JSONValue.string)
        fields["subtitle"] = subtitle.map(JSONValue.string)
        fields["url"] = link.map(JSONValue.string)
        fields["severity"] = severity.map(JSONValue.string)
        fields["key"] = key.map(JSONValue.string)
        fields["deliver_at"] = deliverAt.map(JSONValue.string)
        fields["expires_at"] = expiresAt.map(JSONValue.string)
        if let expiresIn {
            guard let duration = Self.duration(expiresIn) else { throw ValidationError("--expires-in takes a number with s, m, h or d (e.g. 30m)") }
            fields["expires_at"] = .string(ISO8601DateFormatter().string(from: Date().addingTimeInterval(duration)))
        }
        if !attributes.isEmpty {
            var object: [String: JSONValue] = [:]
            for attribute in attributes {
                guard let equals = attribute.firstIndex(of: "="), equals != attribute.startIndex else {
                    throw ValidationError("--attribute takes NAME=VALUE, not \(attribute)")
                }
                object[String(attribute[..<equals])] = .guessing(String(attribute[attribute.index(after: equals)...]))
            }
            fields["attributes"] = .object(object)
        }
        return fields
    }

    func readToken(_ environment: [String: String]) throws -> String? {
        let raw: String?
        if let tokenFile {
            guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else { throw ValidationError("cannot read --token-file \(tokenFile)") }
            raw = text
        } else {
            raw = environment["HERALD_TOKEN"]
        }
        let token = raw?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let token, token.contains(where: { $0.isNewline || $0 == " " }) { throw ValidationError("the token holds spaces or several lines") }
        return token?.isEmpty == false ? token : nil
    }

    func report(_ result: Publisher.Result) {
        switch result.answer {
        case .accepted(let status, let id):
            guard !quiet else { return }
            if printJSON { print(Self.answerJSON(result)); return }
            let what = status == 202 ? "held" : status == 200 ? "already there, updated or unchanged" : "published"
            print("\(what)\(id.map { ": notification \(status == 202 ? "held as " : "")\($0)" } ?? "")")
        case .notNow(let status, let reason, _), .refused(let status, let reason):
            if printJSON { print(Self.answerJSON(result)) }
            let tries = result.attempts == 1 ? "" : " after \(result.attempts) tries"
            Self.standardError("herald publish: \(status == 0 ? "" : "HTTP \(status): ")\(reason)\(tries)\(result.stoppedBecause.map { "; \($0)" } ?? "")")
        }
    }

    static func answerJSON(_ result: Publisher.Result) -> String {
        var object: [String: Any] = ["exit": result.exitCode.rawValue, "attempts": result.attempts]
        switch result.answer {
        case .accepted(let status, let id): object["status"] = status; if let id { object["id"] = id }
        case .notNow(let status, let reason, _), .refused(let status, let reason): object["status"] = status; object["reason"] = reason
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `90s`, `30m`, `2h`, `1d` in seconds.
    static func duration(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let number = Double(text.dropLast()), number > 0, number.isFinite else { return nil }
        switch unit {
        case "s": return number
        case "m": return number * 60
        case "h": return number * 3600
        case "d": return number * 86_400
        default: return nil
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return String(format: "%.1f", Double(milliseconds) / 1000)
    }

    /// A line on stderr, the server's words in it stripped of control
    /// characters (a hostile server's escape sequences reach no terminal).
    static func standardError(_ line: String) {
        let clean = String(String.UnicodeScalarView(line.unicodeScalars.filter { !($0.properties.generalCategory == .control) }))
        FileHandle.standardError.write(Data((clean + "\n").utf8))
    }
}
