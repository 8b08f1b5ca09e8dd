import Foundation
import HeraldCore
import HeraldIdentity
import HeraldPublishing
import HeraldStore
import Prometheus
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldAPI

@Suite("Health, errors, OpenAPI")
struct MetaTests {
    @Test(arguments: Backend.allCases)
    func healthAnswersOK(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            for path in ["/-/health", "/api/v2/-/health"] {
                let response = try await app.request(.get, path)
                #expect(response.status == .ok && response.text == "OK")
            }
        }
    }

    @Test func unknownRoutesAnswerInJSON() async throws {
        try await TestApp.run(.sqlite) { app in
            let response = try await app.request(.get, "/api/v2/nothing-here")
            #expect(response.status == .notFound)
            #expect(response.detail == "Not Found")
        }
    }

    @Test func theSpecAndTheDocsAreServed() async throws {
        try await TestApp.run(.sqlite) { app in
            let spec = try await app.request(.get, "/api/v2/openapi.yaml")
            #expect(spec.status == .ok && spec.text.hasPrefix("openapi: 3.1"))
            let docs = try await app.request(.get, "/docs")
            #expect(docs.status == .ok && docs.text.contains("/api/v2/openapi.yaml"))
        }
    }

    /// A known path asked with a method it does not serve: 405 with the
    /// methods it does (a literal segment wins, as in the router); an
    /// unknown path stays 404.
    @Test func wrongMethodsGet405WithAllow() async throws {
        try await TestApp.run(.sqlite) { app in
            let profile = try await app.request(.delete, "/api/v2/users/user/profile")
            #expect(profile.status == .methodNotAllowed)
            #expect(profile.headers[.allow] == "GET")
            #expect(profile.detail == "Method Not Allowed")
            let service = try await app.request(.post, "/api/v2/services/\(UUID().uuidString)")
            #expect(service.status == .methodNotAllowed)
            #expect(service.headers[.allow] == "DELETE, PATCH")
            let device = try await app.request(.delete, "/api/v2/users/user/device-token")
            #expect(device.headers[.allow] == "POST", "users/user/... is not users/{user_id}/...")
            #expect(try await app.request(.get, "/api/v2/nothing-here").status == .notFound)
            #expect(try await app.request(.get, "/api/v2/services/x/y/z").status == .notFound)
        }
    }

    /// Every route the router serves is in openapi.yaml, and every operation
    /// there is served.
    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteIsServed() async throws {
        let served = try await TestDatabase.withFreshDatabase(.sqlite) { location in
            let opened = try await StoreFactory.open(location, logger: TestDatabase.logger)
            let pool = BlockingPool(threads: 1, queue: 1)
            let signIn = SignIn(passwords: RefuseAll(), brakes: FailedLoginLimiter(limit: 10), pool: pool)
            let streams = InboxStreams(store: opened.store, clock: .system, logger: TestDatabase.logger)
            let config = TestApp.config(location)
            let routes = APIRoutes(
                config: config, store: opened.store, publisher: .forTests(opened.store), clock: .system, signIn: signIn, streams: streams,
                brake: PublishBrake(flood: FloodControl(limits: config.limits), store: opened.store, clock: .system), refusals: RefusalMetrics(registry: PrometheusCollectorRegistry())
            )
            let readiness = ReadinessProbe(schema: opened.store, expectedMigrations: [], parts: PartStates(), requiredParts: [])
            let router = try routes.router(metrics: PrometheusCollectorRegistry(), readiness: readiness)
            try await opened.close()
            try await pool.shutdown()
            return Set(router.routes.map { "\($0.method.rawValue.lowercased()) \(Self.normalised($0.path.description))" })
        }
        let documented = try Self.documentedOperations(try BundledResources.openAPI())
        // The web app's pages are HTML for people, not API: WebTests cover them.
        let api = served.filter { !Self.isWebPage(String($0.split(separator: " ")[1])) }
        #expect(api.subtracting(documented).sorted() == [], "served but not in openapi.yaml")
        #expect(documented.subtracting(served).sorted() == [], "in openapi.yaml but not served")
        #expect(served.count > 30)
    }

    /// A web app page (outside the API, health, metrics, docs and the OIDC browser flow).
    /// The audit log's actions as the spec lists them are `AuditAction`'s:
    /// a new action the spec lacks makes every read of it a schema violation.
    @Test func theSpecListsEveryAuditAction() throws {
        let yaml = try BundledResources.openAPI()
        let lines = yaml.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "    AuditAction:"), "no AuditAction schema")
        let line = try #require(lines[start...].first { $0.contains("enum: [") })
        let inside = line.components(separatedBy: "[").last?.components(separatedBy: "]").first ?? ""
        let listed = Set(inside.components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let actions = Set(AuditAction.allCases.map(\.rawValue))
        #expect(listed == actions, "in the code only: \(actions.subtracting(listed)); in the spec only: \(listed.subtracting(actions))")
    }

    static func isWebPage(_ path: String) -> Bool {
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        return path == "/" || ["login", "logout", "logout-everywhere", "inbox", "subscriptions", "profile", "admin", "oncall", "static", "acknowledge", "chat"].contains(first)
            && !path.hasPrefix("/login/oidc")
    }

    /// The path without a trailing slash (the router writes every
    /// parameter `{name}`, as openapi.yaml does).
    static func normalised(_ path: String) -> String {
        "/" + path.split(separator: "/").joined(separator: "/")
    }

    /// Reads `paths:` from the spec: a path line is indented two spaces and a
    /// method line four (the layout openapi.yaml keeps); a path whose item is
    /// `$ref: "#/paths/..."` has the referenced path's methods.
    static func documentedOperations(_ yaml: String) throws -> Set<String> {
        var methods: [String: Set<String>] = [:]
        var references: [String: String] = [:]
        var inPaths = false
        var current: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("paths:") { inPaths = true; continue }
            if inPaths, let first = line.first, first != " ", first != "#" { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                current = normalised(String(line.dropFirst(2).dropLast()))
                methods[current!] = []
            } else if let path = current, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let entry = line.trimmingCharacters(in: .whitespaces)
                if entry.hasPrefix("$ref:") {
                    let pointer = entry.dropFirst("$ref:".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" '"))
                    let target = pointer.dropFirst("#/paths/".count).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                    references[path] = normalised(target)
                } else if ["get:", "post:", "put:", "patch:", "delete:", "head:"].contains(entry) {
                    methods[path, default: []].insert(String(entry.dropLast()))
                }
            }
        }
        for (path, target) in references {
            // Unwrapped into a constant: assigned straight into the optional
            // subscript, #require would check a value that is never nil.
            let resolved = try #require(methods[target], "\(path) refers to \(target), which is not in the spec")
            methods[path] = resolved
        }
        return Set(methods.flatMap { path, verbs in verbs.map { "\($0) \(path)" } })
    }
}

/// Refuses every login: for routes that are only listed.
struct RefuseAll: PasswordAuthenticator {
    func authenticate(username: String, password: String) async throws -> LoginCheck { .refused }
}
