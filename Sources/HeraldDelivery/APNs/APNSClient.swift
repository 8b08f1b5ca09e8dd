import AsyncHTTPClient
import Foundation
import HeraldCore
import Logging
import NIOCore
import NIOHTTP1

/// Sends `APNSRequest`s over the shared HTTP/2 client with the provider token.
public struct APNSClient: PushProvider {
    public let platform = Platform.apns
    let settings: DeliverySettings.APNs
    let http: HTTPClient
    let providerToken: APNSProviderToken
    let logger: Logger

    public init(settings: DeliverySettings.APNs, http: HTTPClient, providerToken: APNSProviderToken, logger: Logger) {
        self.settings = settings
        self.http = http
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
            let reply = try await http.postJSON(settings.baseURL + request.path, bearer: bearer, headers: request.headers, body: request.payload)
            let answer = APNSResponse(status: reply.status, body: reply.body)
            if answer.reason == .expiredProviderToken {
                await providerToken.rejected(bearer)
            }
            return answer.replyClass
        } catch {
            return .retry(reason: "APNs transport: \(error)", minimumDelay: 0)
        }
    }
}
