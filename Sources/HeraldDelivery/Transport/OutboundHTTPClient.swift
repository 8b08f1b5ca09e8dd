import AsyncHTTPClient
import HeraldCore
import NIOCore
import NIOPosix
import NIOSSL

/// Outbound TLS and HTTP: the system's trust roots plus any from
/// CA_BUNDLE_FILE, for the push connections and for the general client.
public enum OutboundHTTPClient {
    public static func tls(caBundlePEM: String?) throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caBundlePEM {
            let roots = try NIOSSLCertificate.fromPEMBytes(Array(caBundlePEM.utf8))
            tls.additionalTrustRoots = [.certificates(roots)]
        }
        return tls
    }

    /// The client for everything but pushes (FCM's OAuth token endpoint):
    /// HTTP/2 where the server offers it, pooled connections.
    public static func make(tls: TLSConfiguration) -> HTTPClient {
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.httpVersion = .automatic
        configuration.connectionPool = .init(idleTimeout: .seconds(600))
        return HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }
}
