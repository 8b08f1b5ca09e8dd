import HeraldCore
import HeraldIdentity
import HeraldPublishing

/// What every controller needs, built once per application.
struct APIContext: Sendable {
    let config: HeraldConfig
    let store: any HeraldStore
    let tokens: AccessTokens
    let auth: RequestAuthenticator
    let signIn: SignIn
    let senders: SenderAuthorization
    let refusals: RefusalMetrics
    /// Device registrations and subscription changes, per user.
    let userChanges: KeyedBuckets<UserID>
    let decoding: RequestDecoding
    /// The one way notifications get in (it wakes the delivery worker).
    let publisher: Publisher
    let clock: WallClock
}

/// The API generation a route set is mounted for: v1 is what the first
/// mobile apps use, v2 is current.
enum APIVersion: String, Sendable, CaseIterable {
    case v1
    case v2
}
