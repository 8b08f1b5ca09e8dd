import HeraldCore
import HeraldDelivery

/// What every controller needs, built once per application.
struct APIContext: Sendable {
    let config: HeraldConfig
    let store: any HeraldStore
    let tokens: AccessTokens
    let auth: RequestAuthenticator
    let passwords: any PasswordAuthenticator
    let senders: SenderAuthorization
    let decoding: RequestDecoding
    /// Wakes this process's delivery worker when a notification is stored.
    let queueSignal: QueueSignal
    let metrics: DeliveryMetrics
}

/// The API generation a route set is mounted for: v1 is what the first
/// mobile apps use, v2 is current.
enum APIVersion: String, Sendable, CaseIterable {
    case v1
    case v2
}
