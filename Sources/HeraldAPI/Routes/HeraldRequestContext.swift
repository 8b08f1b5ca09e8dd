import Hummingbird
import Logging
import NIOCore

/// The per-request context: Hummingbird's core storage plus the TCP peer,
/// which the ingress allowlist checks (never a header a client can forge).
public struct HeraldRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
