import Foundation
import HeraldCore
import Hummingbird

/// What a browser needs to subscribe to Web Push: the server's VAPID public
/// key (`applicationServerKey`). The subscription it makes is registered
/// as a device token with platform `webpush`.
struct WebPushController {
    /// Nil when Web Push is off.
    let vapidKeys: VAPIDKeys?

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("webpush/public-key", use: publicKey)
    }

    struct KeyBody: Encodable {
        var public_key: String
    }

    @Sendable func publicKey(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard let keys = vapidKeys else { throw APIError(.notFound, "Web Push is not enabled (WEBPUSH_SUBJECT)") }
        let vapid = try await keys.vapid()
        return JSONBody.response(KeyBody(public_key: vapid.publicKey))
    }
}
