import Foundation
import HeraldCore
import HeraldIdentity
import Hummingbird
import Logging

/// `POST /login`: the old server's form body, or JSON with the same fields.
struct LoginController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("login", use: login)
    }

    private struct Credentials: Decodable {
        var username: String
        var password: String
    }

    /// Longest user name accepted (the command line's limit too).
    static let maxUsernameLength = 256

    @Sendable func login(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let credentials: Credentials
        do {
            credentials = try await readCredentials(request)
        } catch {
            api.signIn.metrics.count(.password, .malformed)
            throw error
        }
        let login = try await check(username: credentials.username, password: credentials.password, request: request, context: context)
        return try await AccountSessions(api: api).open(for: login, context: context)
    }

    /// A password sign-in, braked and counted: the login it vouches for, or
    /// 401 (refused), 429 (braked) or 503 (cannot be checked now). The web
    /// app's sign-in page uses it too.
    func check(username rawName: String, password: String, request: Request, context: HeraldRequestContext) async throws -> VerifiedLogin {
        let metrics = api.signIn.metrics
        // Lower-cased before anything, as the old server's newest version does.
        let username = rawName.trimmingCharacters(in: .whitespaces).lowercased()
        let brakes = api.signIn.brakes
        let keys = FailedLoginLimiter.keys(client: api.senders.client(of: request, context: context), username: username)
        if let wait = brakes.retryAfter(keys, now: api.clock.now()) {
            metrics.count(.password, .braked)
            context.logger.notice("login refused: too many failed attempts", metadata: ["user": "\(Self.loggable(username))"])
            throw APIError(.tooManyRequests, "Too many failed logins: try again in \(wait) seconds", headers: [.retryAfter: "\(wait)"])
        }
        // A name with control characters (PostgreSQL cannot even compare a
        // NUL) or longer than any account's belongs to nobody.
        var check = LoginCheck.refused
        if !username.isEmpty, !TextRules.hasControlCharacter(username), username.unicodeScalars.count <= Self.maxUsernameLength {
            do {
                let passwords = api.signIn.passwords
                check = try await LoginDeadline.run(seconds: api.config.auth.methodWaitSeconds) {
                    try await passwords.authenticate(username: username, password: password)
                }
            } catch let error as AuthenticationUnavailable {
                metrics.count(.password, .unavailable)
                context.logger.error("login could not be checked", metadata: ["user": "\(username)", "reason": "\(error.description)"])
                throw APIError(.serviceUnavailable, "Sign-in is unavailable, try again later", headers: [.retryAfter: "\(error.retryAfter)"])
            }
        }
        guard case .accepted(let login) = check else {
            metrics.count(.password, .refused)
            brakes.recordFailure(keys, now: api.clock.now())
            context.logger.notice("login refused", metadata: ["user": "\(Self.loggable(username))"])
            throw APIError(.unauthorized, "Incorrect username or password")
        }
        metrics.count(.password, .accepted)
        return login
    }


    /// A user name as logs show it: never more than 64 characters of
    /// whatever was typed (people type passwords into the name field too).
    static func loggable(_ username: String) -> String {
        TextRules.truncated(TextRules.withoutControlCharacters(username), to: 64)
    }

    private func readCredentials(_ request: Request) async throws -> Credentials {
        let buffer = try await api.decoding.body(of: request)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/json") {
            return try RequestDecoding.decodeJSON(Credentials.self, from: buffer)
        }
        // OAuth2 password form, as FastAPI's OAuth2PasswordRequestForm reads
        // it: other fields are ignored. A body that is not UTF-8, or
        // credentials given twice or with broken escapes, are malformed.
        guard let text = String(validatingUTF8Bytes: buffer.readableBytesView) else {
            throw ValidationFailure([ValidationIssue(loc: ["body"], msg: "The form body is not UTF-8", type: "value_error")])
        }
        var fields: [String: String] = [:]
        var issues: [ValidationIssue] = []
        for field in FormBody.fields(text) where field.name == "username" || field.name == "password" {
            guard let value = field.value else {
                issues.append(ValidationIssue(loc: ["body", .key(field.name)], msg: "The value is not valid percent-encoding", type: "value_error"))
                continue
            }
            if fields[field.name] != nil {
                issues.append(ValidationIssue(loc: ["body", .key(field.name)], msg: "The field is given more than once", type: "value_error"))
            }
            fields[field.name] = value
        }
        for name in ["username", "password"] where fields[name] == nil && !issues.contains(where: { $0.loc == ["body", .key(name)] }) {
            issues.append(ValidationIssue(loc: ["body", .key(name)], msg: "Field required", type: "missing"))
        }
        guard issues.isEmpty, let username = fields["username"], let password = fields["password"] else { throw ValidationFailure(issues) }
        return Credentials(username: username, password: password)
    }
}
