import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A TLS + HTTP/2 server on a loopback port, answering through a
/// `MockResponder`. It speaks only HTTP/2 (ALPN "h2"), as APNs does.
final class MockHTTP2Server: Sendable {
    let port: Int
    private let channel: any Channel
    /// Open client connections, closed with the server (an outage drops them).
    private let connections: ConnectionSet

    private init(port: Int, channel: any Channel, connections: ConnectionSet) {
        self.port = port
        self.channel = channel
        self.connections = connections
    }

    /// - Parameter limitStreamsUntilAuthenticated: advertise one concurrent
    ///   stream until a request succeeds, then 1000 (APNs' behaviour).
    static func start(
        tls: TLSConfiguration, responder: any MockResponder, limitStreamsUntilAuthenticated: Bool, eventLoops: any EventLoopGroup
    ) async throws -> MockHTTP2Server {
        var tls = tls
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let connections = ConnectionSet()
        let initialStreams = limitStreamsUntilAuthenticated ? 1 : MockStreamsHandler.authenticatedMaxStreams
        let channel = try await ServerBootstrap(group: eventLoops)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let number = connections.insert(channel)
                return channel.eventLoop.makeCompletedFuture {
                    let settings = HTTP2Settings([
                        HTTP2Setting(parameter: .maxConcurrentStreams, value: initialStreams),
                        HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
                        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
                    ])
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOSSLServerHandler(context: context),
                        NIOHTTP2Handler(mode: .server, initialSettings: settings),
                        MockStreamsHandler(responder: responder, streamLimitLifted: !limitStreamsUntilAuthenticated, connection: number),
                    ])
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return MockHTTP2Server(port: channel.localAddress?.port ?? 0, channel: channel, connections: connections)
    }

    var openConnections: Int { connections.all.count }

    func close() async {
        try? await channel.close()
        for connection in connections.all { try? await connection.close() }
    }
}

/// The accepted connections still open, numbered as accepted.
final class ConnectionSet: Sendable {
    private let channels = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
    private let accepted = NIOLockedValueBox(0)

    /// Keeps the channel until it closes; its number, from 1.
    func insert(_ channel: any Channel) -> Int {
        let id = ObjectIdentifier(channel)
        channels.withLockedValue { $0[id] = channel }
        channel.closeFuture.whenComplete { _ in _ = self.channels.withLockedValue { $0.removeValue(forKey: id) } }
        return accepted.withLockedValue { $0 += 1; return $0 }
    }

    var all: [any Channel] { channels.withLockedValue { Array($0.values) } }
}
