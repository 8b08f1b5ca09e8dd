import Foundation

/// APNs' answer to one push, transport-free.
public struct APNSResponse: Sendable, Equatable {
    public var status: Int
    public var reason: APNSErrorReason?
    /// When APNs says (410) the token stopped being valid.
    public var invalidSince: Date?

    public init(status: Int, reason: APNSErrorReason? = nil, invalidSince: Date? = nil) {
        self.status = status
        self.reason = reason
        self.invalidSince = invalidSince
    }

    /// Parses the error body `{"reason": "...", "timestamp": ms}`.
    public init(status: Int, body: Data) {
        // Success carries no reason: no decoding on the path every push takes.
        guard !(200..<300).contains(status) else {
            self.init(status: status)
            return
        }
        struct ErrorBody: Decodable {
            var reason: String?
            var timestamp: Double?
        }
        let parsed = try? JSONDecoder().decode(ErrorBody.self, from: body)
        self.init(
            status: status,
            reason: parsed?.reason.map(APNSErrorReason.init(rawValue:)),
            invalidSince: parsed?.timestamp.map { Date(timeIntervalSince1970: $0 / 1000) }
        )
    }

    /// What the answer means, after Apple's "Handling notification responses".
    public var replyClass: ReplyClass {
        let reason = self.reason?.rawValue ?? "HTTP \(status)"
        switch (status, self.reason) {
        case (200, _):
            return .sent
        case (400, .badDeviceToken), (400, .deviceTokenNotForTopic), (410, _):
            return .dropToken(reason: "APNs \(status) \(reason)", invalidSince: status == 410 ? invalidSince : nil)
        case (403, .expiredProviderToken), (403, .invalidProviderToken), (403, .missingProviderToken), (403, .badEnvironmentKeyIdInToken):
            return .credentials(reason: "APNs \(status) \(reason)")
        case (429, _), (500, _), (503, _):
            return .retry(reason: "APNs \(status) \(reason)", minimumDelay: 0)
        default:
            return .fail(reason: "APNs \(status) \(reason)")
        }
    }
}

/// The `reason` strings APNs sends, with `unknown` for any it adds later.
/// (Not RawRepresentable: the standard library's `==` for such types
/// compares raw values, which would make equality and the raw value
/// depend on each other.)
public enum APNSErrorReason: ProviderErrorName {
    case badDeviceToken
    case deviceTokenNotForTopic
    case unregistered
    case expiredToken
    case expiredProviderToken
    case invalidProviderToken
    case missingProviderToken
    case badEnvironmentKeyIdInToken
    case tooManyProviderTokenUpdates
    case tooManyRequests
    case payloadTooLarge
    case internalServerError
    case serviceUnavailable
    case shutdown
    case unknown(String)

    public static let byName: [String: APNSErrorReason] = [
        "BadDeviceToken": .badDeviceToken, "DeviceTokenNotForTopic": .deviceTokenNotForTopic, "Unregistered": .unregistered,
        "ExpiredToken": .expiredToken, "ExpiredProviderToken": .expiredProviderToken, "InvalidProviderToken": .invalidProviderToken,
        "MissingProviderToken": .missingProviderToken, "BadEnvironmentKeyIdInToken": .badEnvironmentKeyIdInToken,
        "TooManyProviderTokenUpdates": .tooManyProviderTokenUpdates, "TooManyRequests": .tooManyRequests,
        "PayloadTooLarge": .payloadTooLarge, "InternalServerError": .internalServerError,
        "ServiceUnavailable": .serviceUnavailable, "Shutdown": .shutdown,
    ]

    public var unknownName: String? {
        if case .unknown(let name) = self { name } else { nil }
    }
}
