import Foundation
import HeraldCore
import Logging
import NIOCore
import NIOFoundationCompat

/// Sends `APNSRequest`s over its HTTP/2 connections with the provider token.
public struct APNSClient: PushProvider {
    public let platform = Platform.apns
    let settings: DeliverySettings.APNs
    /// The app holds Apple's critical-alert entitlement (APNS_CRITICAL_ALERTS).
    let criticalAlerts: Bool
    let origin: HTTP2Origin
    let providerToken: APNSProviderToken
    let logger: Logger

    public init(settings: DeliverySettings.APNs, criticalAlerts: Bool = false, origin: HTTP2Origin, providerToken: APNSProviderToken, logger: Logger) {
        self.settings = settings
        self.criticalAlerts = criticalAlerts
        self.origin = origin
        self.providerToken = providerToken
        self.logger = logger
    }

    public func warmUp() async throws {
        _ = try await providerToken.token()
        try await origin.warmUp()
    }

    /// The token goes in the request's path, and the connection does not
    /// check header values again (`PushConnection`): one a header cannot
    /// carry, or that would change the path, is refused here. APNs answers
    /// any other token that is not a device's with BadDeviceToken.
    public func unsendableToken(_ delivery: ClaimedDelivery) -> String? {
        guard let token = delivery.token else { return nil }
        let fits = token.utf8.allSatisfy { byte in
            (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "?") && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "%")
        }
        return fits ? nil : "APNs: not a device token (holds characters a request path cannot carry)"
    }

    public func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt] {
        let bearer: String
        do {
            bearer = try await providerToken.token()
        } catch {
            logger.error("cannot sign the APNs provider token: check APNS_AUTH_KEY", metadata: ["error": "\(error)"])
            return deliveries.map { _ in PushAttempt(.credentials(reason: "APNs provider token: \(error)")) }
        }
        let requests = APNSRequest.batch(deliveries, topic: settings.topic, expirationSeconds: settings.expirationSeconds, now: now, criticalAlerts: criticalAlerts)
        let posts = zip(requests, deliveries).map { PushPost(path: $0.path, headers: $0.headers, body: $0.payload, urgent: $1.isExpress) }
        let (attempts, refused) = await origin.push(posts, bearer: bearer, provider: "APNs") { reply in
            let answer = APNSResponse(status: reply.status, body: Data(buffer: reply.body))
            return (answer.replyClass, answer.reason == .expiredProviderToken)
        }
        if refused { await providerToken.rejected(bearer) }
        return attempts
    }
}
