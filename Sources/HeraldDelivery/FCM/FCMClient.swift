import Foundation
import HeraldCore
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHPACK

/// Sends `FCMRequest`s over its HTTP/2 connections with an OAuth token.
public struct FCMClient: PushProvider {
    public let platform = Platform.fcm
    let settings: DeliverySettings.FCM
    let origin: HTTP2Origin
    let accessToken: FCMAccessToken
    let logger: Logger

    public init(settings: DeliverySettings.FCM, origin: HTTP2Origin, accessToken: FCMAccessToken, logger: Logger) {
        self.settings = settings
        self.origin = origin
        self.accessToken = accessToken
        self.logger = logger
    }

    public func send(_ delivery: ClaimedDelivery, now: Date) async -> ReplyClass {
        let request = FCMRequest(delivery: delivery, projectID: settings.projectID)
        let bearer: String
        do {
            bearer = try await accessToken.token()
        } catch {
            logger.error("cannot get an FCM access token: check GOOGLE_APPLICATION_CREDENTIALS", metadata: ["error": "\(error)"])
            return .credentials(reason: "FCM OAuth: \(error)")
        }
        do {
            let reply = try await origin.postJSON(path: request.path, bearer: bearer, body: request.body)
            let retryAfter = reply.headers.first(name: "retry-after").flatMap(TimeInterval.init)
            let answer = FCMResponse(status: reply.status, body: Data(buffer: reply.body), retryAfter: retryAfter)
            if case .credentials = answer.replyClass {
                await accessToken.rejected(bearer)
            }
            return answer.replyClass
        } catch {
            return .retry(reason: "FCM transport: \(error)", minimumDelay: 0)
        }
    }
}
