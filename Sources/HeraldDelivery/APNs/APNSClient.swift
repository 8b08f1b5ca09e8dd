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
        var http = HTTPClientRequest(url: settings.baseURL + request.path)
        http.method = .POST
        http.headers.add(name: "authorization", value: "bearer \(bearer)")
        for (name, value) in request.headers { http.headers.add(name: name, value: value) }
        http.headers.add(name: "content-type", value: "application/json")
        http.body = .bytes(ByteBuffer(bytes: request.payload))
        do {
            let response = try await self.http.execute(http, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 64 * 1024)
            let answer = APNSResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
            if answer.reason == .expiredProviderToken {
                await providerToken.rejected(bearer)
            }
            return answer.replyClass
        } catch {
            return .retry(reason: "APNs transport: \(error)", minimumDelay: 0)
        }
    }
}
