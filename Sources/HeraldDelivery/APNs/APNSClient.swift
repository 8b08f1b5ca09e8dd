import Foundation
import HeraldCore
import Logging
import NIOCore
import NIOFoundationCompat

/// Sends `APNSRequest`s over its HTTP/2 connections with the provider token.
public struct APNSClient: PushProvider {
    public let platform = Platform.apns
    let settings: DeliverySettings.APNs
    let origin: HTTP2Origin
    let providerToken: APNSProviderToken
    let logger: Logger

    public init(settings: DeliverySettings.APNs, origin: HTTP2Origin, providerToken: APNSProviderToken, logger: Logger) {
        self.settings = settings
        self.origin = origin
        self.providerToken = providerToken
        self.logger = logger
    }

    public func send(_ delivery: ClaimedDelivery, now: Date) async -> ReplyClass {
        let request = APNSRequest(delivery: delivery, topic: settings.topic, expirationSeconds: settings.expirationSeconds, now: now)
        let bearer: String
        do {
            bearer = try await providerToken.token()
        } catch {
            logger.error("cannot sign the APNs provider token: check APNS_AUTH_KEY", metadata: ["error": "\(error)"])
            return .credentials(reason: "APNs provider token: \(error)")
        }
        do {
            let reply = try await origin.postJSON(path: request.path, bearer: bearer, headers: request.headers, body: request.payload)
            let answer = APNSResponse(status: reply.status, body: Data(buffer: reply.body))
            if answer.reason == .expiredProviderToken {
                await providerToken.rejected(bearer)
            }
            return answer.replyClass
        } catch {
            return .retry(reason: "APNs transport: \(error)", minimumDelay: 0)
        }
    }
}
