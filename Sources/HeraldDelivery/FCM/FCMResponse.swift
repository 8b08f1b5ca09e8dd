import Foundation

/// FCM's answer to one send, transport-free.
public struct FCMResponse: Sendable, Equatable {
    public var status: Int
    /// `error.details[].errorCode` (FcmError), else `error.status`.
    public var errorCode: FCMErrorCode?
    public var message: String
    /// Seconds from a Retry-After header.
    public var retryAfter: TimeInterval?

    public init(status: Int, errorCode: FCMErrorCode? = nil, message: String = "", retryAfter: TimeInterval? = nil) {
        self.status = status
        self.errorCode = errorCode
        self.message = message
        self.retryAfter = retryAfter
    }

    public init(status: Int, body: Data, retryAfter: TimeInterval?) {
        // Success carries no error: no decoding on the path every push takes.
        guard !(200..<300).contains(status) else {
            self.init(status: status, retryAfter: retryAfter)
            return
        }
        struct ErrorBody: Decodable {
            struct Detail: Decodable {
                var errorCode: String?
                var fieldViolations: [[String: String]]?
            }
            struct Inner: Decodable {
                var message: String?
                var status: String?
                var details: [Detail]?
            }
            var error: Inner?
        }
        let parsed = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error
        let code = parsed?.details?.compactMap(\.errorCode).first ?? parsed?.status
        var message = parsed?.message ?? ""
        // Which field was invalid matters: a bad token is dropped, a bad payload is not.
        let fields = parsed?.details?.flatMap { $0.fieldViolations ?? [] }.compactMap { $0["field"] } ?? []
        if !fields.isEmpty { message += " [fields: \(fields.joined(separator: ", "))]" }
        self.init(status: status, errorCode: code.map(FCMErrorCode.init(rawValue:)), message: message, retryAfter: retryAfter)
    }

    /// What the answer means, after Firebase's ErrorCode reference.
    public var replyClass: ReplyClass {
        let label = "FCM \(status) \(errorCode?.rawValue ?? "")".trimmingCharacters(in: .whitespaces)
        switch (status, errorCode) {
        case (200, _):
            return .sent
        case (404, _), (_, .unregistered), (403, .senderIDMismatch):
            return .dropToken(reason: label)
        case (400, _) where tokenIsTheInvalidField:
            return .dropToken(reason: "\(label): \(message)")
        case (401, _), (_, .thirdPartyAuthError), (_, .unauthenticated):
            return .credentials(reason: label)
        case (429, _):
            // Firebase asks for at least a minute after a quota error.
            return .retry(reason: label, minimumDelay: max(60, retryAfter ?? 0))
        case (500, _), (502, _), (503, _), (504, _):
            return .retry(reason: label, minimumDelay: retryAfter ?? 0)
        default:
            return .fail(reason: "\(label): \(message)")
        }
    }

    private var tokenIsTheInvalidField: Bool {
        message.contains("message.token") || message.localizedCaseInsensitiveContains("registration token")
    }
}

/// FCM's error codes, with `unknown` for any Google adds later (not
/// RawRepresentable, for the reason given at `APNSErrorReason`).
public enum FCMErrorCode: ProviderErrorName {
    case unregistered
    case invalidArgument
    case senderIDMismatch
    case quotaExceeded
    case unavailable
    case internalError
    case thirdPartyAuthError
    case unauthenticated
    case unknown(String)

    public static let byName: [String: FCMErrorCode] = [
        "UNREGISTERED": .unregistered, "INVALID_ARGUMENT": .invalidArgument, "SENDER_ID_MISMATCH": .senderIDMismatch,
        "QUOTA_EXCEEDED": .quotaExceeded, "UNAVAILABLE": .unavailable, "INTERNAL": .internalError,
        "THIRD_PARTY_AUTH_ERROR": .thirdPartyAuthError, "UNAUTHENTICATED": .unauthenticated,
    ]

    public var unknownName: String? {
        if case .unknown(let name) = self { name } else { nil }
    }
}
