import Foundation
import HeraldCore

/// The server's answer to one post, read without any transport: what
/// happened, and whether trying again could change it.
public enum PublishAnswer: Sendable, Equatable {
    /// Stored (201), the same key's notification updated or unchanged (200),
    /// or held for later (202). `id`: the notification's, or the held one's.
    case accepted(status: Int, id: Int64?)
    /// Nothing was stored and a later try may succeed: over a rate limit
    /// (429), the database away (503), a gateway between (502, 504) or an
    /// error of the server's own (500). `retryAfter`: what it asked for.
    case notNow(status: Int, reason: String, retryAfter: Duration?)
    /// Nothing was stored and trying again will not change that.
    case refused(status: Int, reason: String)

    /// The wait a Retry-After asks for (`RetryAfter`, HeraldCore's one
    /// reading), capped at a day: a header that asks for a week is a broken
    /// server, not a plan.
    public static func wait(_ retryAfter: String?, now: Date) -> Duration? {
        RetryAfter.seconds(retryAfter, now: now, cap: 86_400).map { .milliseconds(Int64(($0 * 1000).rounded())) }
    }

    /// Reads an answer. `retryAfter` is the header's value as sent; `now` reads its date form.
    public static func read(status: Int, body: Data, retryAfter: String?, now: Date) -> PublishAnswer {
        switch status {
        case 200..<300:
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
            return .accepted(status: status, id: (object?["id"] as? NSNumber)?.int64Value)
        case 429, 500, 502, 503, 504:
            return .notNow(status: status, reason: reason(body, status: status), retryAfter: wait(retryAfter, now: now))
        default:
            return .refused(status: status, reason: reason(body, status: status))
        }
    }

    /// The server's `detail`: a sentence, or a validation list (each entry's
    /// field and message); else the status in words.
    static func reason(_ body: Data, status: Int) -> String {
        let detail = ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["detail"]
        if let text = detail as? String, !text.isEmpty { return text }
        if let entries = detail as? [[String: Any]], !entries.isEmpty {
            return entries.map { entry in
                let field = (entry["loc"] as? [Any])?.map { "\($0)" }.filter { $0 != "body" }.joined(separator: ".") ?? ""
                let message = entry["msg"] as? String ?? "invalid"
                return field.isEmpty ? message : "\(field): \(message)"
            }.joined(separator: "; ")
        }
        return "HTTP \(status)"
    }

    /// The exit status a script tests (BSD sysexits, as mail tools use them).
    public var exitCode: SenderExit {
        switch self {
        case .accepted: .published
        case .notNow: .tryLater
        case .refused(let status, _):
            switch status {
            case 401, 403: .notAllowed
            case 404: .unknownService
            case 400, 413, 415, 422: .refused
            default: .protocolError
            }
        }
    }
}

/// `herald publish`'s exit statuses, so a script can tell "fix your input"
/// from "try again later" from "you may not".
public enum SenderExit: Int32, Sendable, CaseIterable {
    /// Stored, updated, unchanged (a retry of one already stored) or held.
    case published = 0
    /// The command line itself is wrong (ArgumentParser's own status).
    case usage = 64
    /// The server refused the notification (422, 413, 400): fix it, do not retry.
    case refused = 65
    /// No such service (404).
    case unknownService = 67
    /// Not from an allowed network, or the token is wrong, revoked or not the service's (401, 403).
    case notAllowed = 77
    /// The server could not take it now and the retries ran out (429, 5xx, no connection): try again later.
    case tryLater = 75
    /// An answer this client does not know what to make of.
    case protocolError = 76
}
