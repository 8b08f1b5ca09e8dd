import Foundation
import HeraldCore
import HeraldIdentity
import Hummingbird
import HeraldUseCases
import Logging
import Synchronization

/// A password sign-in, for `POST /login` and the web app's sign-in form
/// alike: the brakes by address and by account (`FailedLoginLimiter`), the
/// configured method within its deadline in the login pool's lane the
/// brakes chose, the count in `herald_logins_total`, and what the log keeps of
/// the name typed.
struct PasswordLogins {
    let signIn: SignIn
    /// Where a request comes from (behind trusted proxies too), for the brakes.
    let ingress: SenderAuthorization
    let clock: WallClock
    /// How long the configured method may take (AUTH_METHOD_WAIT_SECONDS).
    let methodWaitSeconds: Double
    /// A burst of failed sign-ins (the brakes holding a name or an address
    /// back) is answered for once in the audit log, not at every refusal.
    var audit: AuditTrail?
    let bursts = SignInBursts()

    /// Longest user name accepted (the command line's limit too).
    static let maxUsernameLength = 256

    /// A password sign-in, braked and counted: the login it vouches for, or
    /// 401 (refused), 429 (braked) or 503 (cannot be checked now). The web
    /// app's sign-in page uses it too.
    func check(username rawName: String, password: String, request: Request, context: HeraldRequestContext) async throws -> VerifiedLogin {
        let metrics = signIn.metrics
        // Lower-cased before anything, as the old server's newest version does.
        let username = rawName.trimmingCharacters(in: .whitespaces).lowercased()
        let brakes = signIn.brakes
        let client = ingress.client(of: request, context: context)
        let lane: BlockingPool.Lane
        switch brakes.admit(username: username, client: client, now: clock.now()) {
        case .check(let admitted):
            lane = admitted
        case .wait(let wait, let account):
            metrics.count(.password, .braked)
            // The brake's own key: an address is held back with its whole network (an IPv6 /64).
            let key = account ? "user:\(username.prefix(256))" : "address:\(client.map(FailedLoginLimiter.network) ?? "unknown")"
            if let audit, bursts.isNew(key, now: clock.now(), lasting: TimeInterval(wait)) {
                await audit.record(
                    .signInFailures, by: AuditTrail.Who(id: nil, name: Self.loggable(username), address: client.map { "\($0)" }),
                    target: account ? "sign-ins as \(Self.loggable(username))" : "sign-ins from \(client.map { "\($0)" } ?? "an unknown address")",
                    after: AuditTrail.json(["held_back_seconds": "\(wait)"]), logger: context.logger
                )
            }
            context.logger.notice(
                account ? "login held back: too many failed attempts for this name" : "login refused: too many failed attempts",
                metadata: ["user": "\(Self.loggable(username))"]
            )
            let detail = account
                ? "Too many failed logins for this account: try again in \(wait) seconds" : "Too many failed logins: try again in \(wait) seconds"
            throw APIError(.tooManyRequests, detail, headers: [.retryAfter: "\(wait)"])
        }
        // A name with control characters (PostgreSQL cannot even compare a
        // NUL) or longer than any account's belongs to nobody.
        var check = LoginCheck.refused
        if !username.isEmpty, !TextRules.hasControlCharacter(username), username.unicodeScalars.count <= Self.maxUsernameLength {
            do {
                let passwords = signIn.passwords
                check = try await BlockingPool.$lane.withValue(lane) {
                    try await LoginDeadline.run(seconds: methodWaitSeconds) {
                        try await passwords.authenticate(username: username, password: password)
                    }
                }
            } catch let error as AuthenticationUnavailable {
                metrics.count(.password, .unavailable)
                context.logger.error("login could not be checked", metadata: ["user": "\(username)", "reason": "\(error.description)"])
                throw APIError(.serviceUnavailable, "Sign-in is unavailable, try again later", headers: [.retryAfter: "\(error.retryAfter)"])
            }
        }
        guard case .accepted(let login) = check else {
            metrics.count(.password, .refused)
            brakes.recordFailure(username: username, client: client, now: clock.now())
            context.logger.notice("login refused", metadata: ["user": "\(Self.loggable(username))"])
            throw APIError(.unauthorized, "Incorrect username or password")
        }
        metrics.count(.password, .accepted)
        brakes.recordSuccess(username: username, client: client, now: clock.now())
        return login
    }


    /// A user name as logs show it: never more than 64 characters of
    /// whatever was typed (people type passwords into the name field too).
    static func loggable(_ username: String) -> String {
        TextRules.truncated(TextRules.withoutControlCharacters(username), to: 64)
    }
}

/// The bursts of failed sign-ins already in the audit log: a name or a
/// network held back is recorded once until its hold ends, and at most
/// `perMinute` bursts a minute in all (per process): someone walking
/// through addresses cannot fill the log. The oldest holds are forgotten
/// first past 10,000.
final class SignInBursts: Sendable {
    private struct State {
        var until: [String: Date] = [:]
        var minute = Date.distantPast
        var recorded = 0
    }

    private let state = Mutex(State())
    let perMinute: Int

    init(perMinute: Int = 60) {
        self.perMinute = perMinute
    }

    /// Whether `key`'s hold is news (not recorded, or its last hold ended)
    /// and this minute's share is not spent.
    func isNew(_ key: String, now: Date, lasting: TimeInterval) -> Bool {
        state.withLock { state in
            if let end = state.until[key], end > now { return false }
            if now.timeIntervalSince(state.minute) >= 60 {
                state.minute = now
                state.recorded = 0
            }
            guard state.recorded < perMinute else { return false }
            if state.until.count >= 10_000 {
                state.until = state.until.filter { $0.value > now }
                if state.until.count >= 10_000, let oldest = state.until.min(by: { $0.value < $1.value }) { state.until[oldest.key] = nil }
            }
            state.until[key] = now.addingTimeInterval(max(lasting, 1))
            state.recorded += 1
            return true
        }
    }
}
