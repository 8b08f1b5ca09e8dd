import Foundation
import HeraldCore
import Logging

/// A user's devices, as the apps (device tokens), the web app (this
/// browser's Web Push subscription) and the profile page change them:
/// each change braked, DEVICES_PER_USER kept, a Web Push endpoint only at
/// a push service the site accepts (never inside the network), and the
/// demo account never takes a phone from anyone.
public struct Devices: Sendable {
    let store: any AccountStore
    let visibility: ServiceVisibility
    let brake: UserChangeBrake
    let devicesPerUser: Int
    let webPush: WebPushEndpoints
    let clock: WallClock

    public init(
        store: any AccountStore, visibility: ServiceVisibility, brake: UserChangeBrake, devicesPerUser: Int, webPush: WebPushEndpoints, clock: WallClock
    ) {
        self.store = store
        self.visibility = visibility
        self.brake = brake
        self.devicesPerUser = devicesPerUser
        self.webPush = webPush
        self.clock = clock
    }

    /// Why a Web Push subscription may not be registered; nil when it may.
    public func webPushProblem(_ token: String) -> String? {
        guard let subscription = WebPushSubscription(token: token) else {
            return "A Web Push token should be the browser's PushSubscription as JSON: an https endpoint and keys p256dh (65 bytes) and auth (16 bytes), base64url"
        }
        return webPush.refusal(for: subscription.endpoint).map { "This push endpoint is refused: \($0)" }
    }

    /// Registers the token to the user (a phone belongs to whoever signed
    /// in on it last), and drops the user's least recently seen devices
    /// beyond DEVICES_PER_USER. Says whether it was new for the user.
    public func register(_ token: String, platform: Platform, for user: User, logger: Logger) async throws -> DeviceRegistration {
        if platform.isContact {
            throw UseCaseError.invalid(field: "platform", "A phone number or email address is a contact method, added and verified under contact-methods")
        }
        if platform == .webpush, let problem = webPushProblem(token) { throw UseCaseError.invalid(field: "device_token", problem) }
        try brake.take(user)
        if visibility.isConfined(user), let owner = try await store.deviceOwner(token: token), owner != user.id {
            throw UseCaseError.conflict("This device is registered to another account: the demo account cannot take it")
        }
        let outcome = try await store.registerDevice(userID: user.id, token: token, platform: platform, at: clock.now())
        if outcome == .added {
            logger.info("device registered", metadata: ["user": "\(user.username)", "platform": "\(platform.rawValue)", "token": "\(TokenHint.hint(token))"])
            let dropped = try await store.trimDevices(userID: user.id, keeping: devicesPerUser)
            if dropped > 0 {
                logger.info(
                    "least recently seen devices dropped: the user has more than DEVICES_PER_USER",
                    metadata: ["user": "\(user.username)", "dropped": "\(dropped)", "limit": "\(devicesPerUser)"]
                )
            }
        }
        return outcome
    }

    /// Removes one of the user's devices, by the id their profile shows.
    public func remove(deviceID: Int64, for user: User, logger: Logger) async throws {
        guard let device = try await store.devices(userID: user.id).first(where: { $0.id == deviceID }) else { throw UseCaseError.notFound("Device") }
        try brake.take(user)
        _ = try await store.removeDevice(userID: user.id, token: device.token)
        logger.info("device removed", metadata: ["user": "\(user.username)", "token": "\(TokenHint.hint(device.token))"])
    }
}
