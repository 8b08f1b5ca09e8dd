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
    let alerting: FCMAlerting.Settings
    let origin: HTTP2Origin
    let accessToken: FCMAccessToken
    let logger: Logger

    public init(settings: DeliverySettings.FCM, criticalAlerts: Bool = false, origin: HTTP2Origin, accessToken: FCMAccessToken, logger: Logger) {
        self.settings = settings
        self.alerting = FCMAlerting.Settings(criticalAlerts: criticalAlerts, channels: settings.channels, notificationMessages: settings.notificationMessages)
        self.origin = origin
        self.accessToken = accessToken
        self.logger = logger
    }

    public func warmUp() async throws {
        _ = try await accessToken.token()
        try await origin.warmUp()
    }

    public func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt] {
        let bearer: String
        do {
            bearer = try await accessToken.token()
        } catch {
            logger.error("cannot get an FCM access token: check GOOGLE_APPLICATION_CREDENTIALS", metadata: ["error": "\(error)"])
            return deliveries.map { _ in PushAttempt(.credentials(reason: "FCM OAuth: \(error)")) }
        }
        let requests = FCMRequest.batch(deliveries, projectID: settings.projectID, now: now, alerting: alerting)
        let posts = zip(requests, deliveries).map { PushPost(path: $0.path, body: $0.body, urgent: $1.isExpress) }
        let (attempts, refused) = await origin.push(posts, bearer: bearer, provider: "FCM") { reply in
            let retryAfter = RetryAfter.seconds(reply.headers.first(name: "retry-after"), now: now)
            let answer = FCMResponse(status: reply.status, body: Data(buffer: reply.body), retryAfter: retryAfter)
            if case .credentials = answer.replyClass { return (answer.replyClass, true) }
            return (answer.replyClass, false)
        }
        if refused { await accessToken.rejected(bearer) }
        return attempts
    }
}
