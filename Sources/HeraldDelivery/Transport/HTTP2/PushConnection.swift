import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A request as written on a stream: pseudo-headers included.
struct PushRequest: Sendable {
    var headers: HPACKHeaders
    var body: ByteBuffer
    /// When it is given up as unanswered; a resend keeps the first's, so a
    /// batch's time is bounded (its claim must outlast it).
    var deadline: NIODeadline
}

/// One open HTTP/2 connection to a provider.
final class PushConnection: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBound<PushStreamsHandler>

    private init(channel: any Channel, handler: NIOLoopBound<PushStreamsHandler>) {
        self.channel = channel
        self.handler = handler
    }

    static func connect(
        host: String, port: Int, tls: NIOSSLContext, timing: PushStreamsHandler.Timing, on eventLoop: any EventLoop,
        onRetire: @escaping @Sendable () -> Void
    ) async throws -> PushConnection {
        try await ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(10))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = PushStreamsHandler(timing: timing, onRetire: onRetire)
                    let settings = HTTP2Settings([
                        HTTP2Setting(parameter: .enablePush, value: 0),
                        HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
                        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
                    ])
                    try channel.pipeline.syncOperations.addHandlers([
                        try NIOSSLClientHandler(context: tls, serverHostname: host.isIPAddress ? nil : host),
                        WriteCoalescingHandler(),
                        // Checking every header of every push and answer again was 6-8 % of
                        // the worker's CPU (perf, a 200,000-push drain). The headers are
                        // Herald's own but for the device token in the APNs path, which
                        // `APNSClient.unsendableToken` checks; the answers' are read
                        // field by field. The test providers check what they get.
                        NIOHTTP2Handler(mode: .client, initialSettings: settings, headerBlockValidation: .disabled, contentLengthValidation: .disabled),
                        handler,
                    ])
                    return PushConnection(channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
                }
            }
    }

    /// Sends the requests as one burst of streams (one hop to the event
    /// loop, one flush) and returns the answers in the same order.
    func send(_ requests: [PushRequest]) async -> [Result<ProviderAnswer, PushTransportError>] {
        await withCheckedContinuation { reply in
            let start: @Sendable () -> Void = { self.handler.value.start(requests) { reply.resume(returning: $0) } }
            if channel.eventLoop.inEventLoop { start() } else { channel.eventLoop.execute(start) }
        }
    }

    func close() async {
        try? await channel.close()
    }
}

extension String {
    /// Literal IPv4 or IPv6 addresses get no SNI (RFC 6066).
    var isIPAddress: Bool {
        (try? SocketAddress(ipAddress: self, port: 0)) != nil
    }
}
