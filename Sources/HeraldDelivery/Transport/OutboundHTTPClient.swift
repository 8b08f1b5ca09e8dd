import AsyncHTTPClient
import HeraldCore
import NIOCore
import NIOPosix
import NIOSSL

/// The HTTP client every provider shares: HTTP/2 where the server offers it
/// (ALPN), long-lived pooled connections, and the system's trust roots plus
/// any from CA_BUNDLE_FILE.
public enum OutboundHTTPClient {
    public static func make(caBundlePEM: String?) throws -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caBundlePEM {
            let roots = try NIOSSLCertificate.fromPEMBytes(Array(caBundlePEM.utf8))
            tls.additionalTrustRoots = [.certificates(roots)]
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.httpVersion = .automatic
        // Connections to APNs and FCM are meant to stay open for hours.
        configuration.connectionPool = .init(idleTimeout: .seconds(3600))
        return HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }
}
