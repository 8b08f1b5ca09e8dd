import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOTLS

/// One provider connection at the HTTP/2 frame level: each push is a
/// HEADERS and a DATA frame on a new stream, and the answer is collected
/// from the frames that come back. No channel per stream and one flush per
/// event-loop pass for all the pushes written in it: the per-push cost of a
/// general-purpose client (a child channel, an HTTP/1 translation, a write
/// syscall each) is what kept delivery far below 10,000 pushes/s.
///
/// Everything here runs on the connection's event loop.
final class PushStreamsHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    struct Timing {
        /// How long a push may wait for its answer (from its first sending).
        var requestTimeout: TimeAmount = .seconds(30)
        /// PING a connection that has been quiet this long (Apple asks for
        /// PINGs on idle connections; they also find dead ones).
        var idlePing: TimeAmount = .seconds(60)
        var pingTimeout: TimeAmount = .seconds(10)
        var sweep: TimeAmount = .seconds(1)
    }

    private struct Stream {
        /// Where the answer goes: the batch's collector, at this push's place.
        let collector: BatchCollector
        let index: Int
        var started: NIODeadline
        var deadline: NIODeadline
        var status: Int?
        var headers: HPACKHeaders = [:]
        var body: ByteBuffer?

        func reply(_ result: Result<ProviderAnswer, PushTransportError>) { collector.set(index, result) }
    }

    static let maxAnswerBytes = 64 * 1024
    /// Stream ids are 31 bits; a connection this far along makes way for a new one.
    static let maxStreamID = Int(Int32.max) - 2
    /// Connection-level receive window, topped up as answers arrive.
    static let receiveWindow = 1 << 24

    private let timing: Timing
    /// Told when the connection stops taking new streams (GOAWAY, ids spent, closed).
    private let onRetire: @Sendable () -> Void
    private var context: ChannelHandlerContext?
    private var streams = OpenStreams<Stream>()
    private var nextStreamID = 1
    private var accepting = true
    /// Set once the connection is gone: why new pushes fail.
    private var closedReason: PushTransportError?
    private var flushPending = false
    private var unacknowledgedBytes = 0
    private var lastRead = NIODeadline.now()
    private var pingSentAt: NIODeadline?
    private var sweeper: RepeatedTask?

    init(timing: Timing, onRetire: @escaping @Sendable () -> Void) {
        self.timing = timing
        self.onRetire = onRetire
    }

    // MARK: Sending

    /// Writes each request as a new stream, all flushed together; `done`
    /// gets every answer (or failure) in the requests' order.
    func start(_ requests: [PushRequest], done: @escaping ([Result<ProviderAnswer, PushTransportError>]) -> Void) {
        guard !requests.isEmpty else { return done([]) }
        let collector = BatchCollector(count: requests.count, done: done)
        for (index, request) in requests.enumerated() {
            start(request, collector: collector, index: index)
        }
    }

    /// Writes one request as a new stream; its answer goes to `collector` at `index`.
    ///
    /// The writes carry no promise (one per push was a few per cent of the
    /// worker): every way NIOHTTP2 fails a stream's frames on a live
    /// connection is also told here — GOAWAY (the streams above its last id
    /// fail as refused), RST_STREAM, `StreamClosedEvent`, the connection's
    /// close (all fail) — and a stream nothing answers times out.
    private func start(_ request: PushRequest, collector: BatchCollector, index: Int) {
        guard let context, accepting else {
            collector.set(index, .failure(closedReason ?? .notSent("the connection is closing")))
            return
        }
        let streamID = HTTP2StreamID(nextStreamID)
        nextStreamID += 2
        if nextStreamID > Self.maxStreamID { retire() }
        streams[streamID] = Stream(collector: collector, index: index, started: .now(), deadline: request.deadline)

        let head = HTTP2Frame.FramePayload.Headers(headers: request.headers, endStream: request.body.readableBytes == 0)
        context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .headers(head))), promise: nil)
        if request.body.readableBytes > 0 {
            let data = HTTP2Frame.FramePayload.Data(data: .byteBuffer(request.body), endStream: true)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .data(data))), promise: nil)
        }
        scheduleFlush(context)
    }

    /// Many pushes are started in one event-loop pass: flush them together,
    /// so they share TLS records and write syscalls.
    private func scheduleFlush(_ context: ChannelHandlerContext) {
        guard !flushPending else { return }
        flushPending = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let handler = handler.value
            handler.flushPending = false
            handler.context?.flush()
        }
    }

    // MARK: Receiving

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        lastRead = .now()
        pingSentAt = nil
        switch frame.payload {
        case .headers(let headers):
            guard var stream = streams[frame.streamID] else { return }
            if stream.status == nil, let status = headers.headers.first(name: ":status").flatMap(Int.init), status >= 200 {
                stream.status = status
                stream.headers = headers.headers
            }
            streams[frame.streamID] = stream
            if headers.endStream { complete(frame.streamID) }
        case .data(let data):
            unacknowledgedBytes += data.data.readableBytes
            guard var stream = streams[frame.streamID] else { return }
            // A success's body says nothing the clients read: not kept.
            if case .byteBuffer(var bytes) = data.data, !(stream.status.map { (200..<300).contains($0) } ?? false) {
                if (stream.body?.readableBytes ?? 0) + bytes.readableBytes > Self.maxAnswerBytes {
                    fail(frame.streamID, with: .answerTooLarge)
                    context.write(wrapOutboundOut(HTTP2Frame(streamID: frame.streamID, payload: .rstStream(.cancel))), promise: nil)
                    return
                }
                if stream.body == nil { stream.body = bytes } else { stream.body!.writeBuffer(&bytes) }
                streams[frame.streamID] = stream
            }
            if data.endStream { complete(frame.streamID) }
        case .rstStream(let code):
            fail(frame.streamID, with: code == .refusedStream ? .refused("REFUSED_STREAM") : .streamReset(code))
        case .goAway(let lastStreamID, let code, _):
            // Streams above the last one were never processed: free to resend.
            retire()
            for id in streams.ids where id > lastStreamID {
                fail(id, with: .refused("GOAWAY \(code)"))
            }
            closeIfDrained()
        default:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unacknowledgedBytes > Self.receiveWindow / 4 {
            context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: unacknowledgedBytes))), promise: nil)
            unacknowledgedBytes = 0
            scheduleFlush(context)
        }
        context.fireChannelReadComplete()
    }

    private func complete(_ streamID: HTTP2StreamID) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        if let status = stream.status {
            let elapsed = Duration.nanoseconds((NIODeadline.now() - stream.started).nanoseconds)
            stream.reply(.success(ProviderAnswer(status: status, headers: stream.headers, body: stream.body ?? ByteBuffer(), elapsed: elapsed)))
        } else {
            stream.reply(.failure(.connectionLost("stream ended without a status")))
        }
        closeIfDrained()
    }

    private func fail(_ streamID: HTTP2StreamID, with error: PushTransportError) {
        streams.removeValue(forKey: streamID)?.reply(.failure(error))
        closeIfDrained()
    }

    // MARK: Connection life

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        sweeper = context.eventLoop.scheduleRepeatedTask(initialDelay: timing.sweep, delay: timing.sweep) { _ in
            handler.value.sweep()
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        sweeper?.cancel()
        failAll(.connectionLost("connection closed"))
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        let increment = Self.receiveWindow - 65_535
        context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: increment))), promise: nil)
        scheduleFlush(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        sweeper?.cancel()
        failAll(.connectionLost("connection closed"))
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent, negotiated != "h2" {
            failAll(.notHTTP2(negotiated: negotiated))
            context.close(promise: nil)
        } else if let closed = event as? StreamClosedEvent, streams[closed.streamID] != nil {
            // Closed by NIOHTTP2 (a stream error) before an answer came.
            fail(closed.streamID, with: .streamReset(closed.reason ?? .cancel))
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// NIOHTTP2 reports stream errors here too (after resetting the stream,
    /// which `StreamClosedEvent` covers): so take no new pushes here, let
    /// the ones out finish, and close when they have. A dead connection
    /// closes (or stays silent until timeouts and PINGs tell) on its own.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        retire()
        closeIfDrained()
    }

    /// Times out late answers and keeps an idle connection proven alive.
    private func sweep() {
        guard let context else { return }
        let now = NIODeadline.now()
        for id in streams.ids where streams[id].map({ $0.deadline < now }) ?? false {
            fail(id, with: .timedOut)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.cancel))), promise: nil)
            scheduleFlush(context)
        }
        if let pingSentAt {
            if now - pingSentAt > timing.pingTimeout {
                failAll(.connectionLost("no PING answer"))
                context.close(promise: nil)
            }
        } else if now - lastRead > timing.idlePing {
            pingSentAt = now
            context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .ping(HTTP2PingData(withInteger: 1), ack: false))), promise: nil)
        }
    }

    private func retire() {
        guard accepting else { return }
        accepting = false
        onRetire()
    }

    private func closeIfDrained() {
        if !accepting && streams.isEmpty && closedReason == nil { context?.close(promise: nil) }
    }

    private func failAll(_ error: PushTransportError) {
        retire()
        if closedReason == nil {
            // Pushes started from now on never leave: say so, unless the
            // server cannot take them at all.
            if case .notHTTP2 = error { closedReason = error } else { closedReason = .notSent("\(error)") }
        }
        for stream in streams.removeAll() { stream.reply(.failure(error)) }
    }
}

/// Gathers a batch's answers and hands them over once all are in.
private final class BatchCollector {
    private var results: [Result<ProviderAnswer, PushTransportError>?]
    private var remaining: Int
    private let done: ([Result<ProviderAnswer, PushTransportError>]) -> Void

    init(count: Int, done: @escaping ([Result<ProviderAnswer, PushTransportError>]) -> Void) {
        self.results = Array(repeating: nil, count: count)
        self.remaining = count
        self.done = done
    }

    func set(_ index: Int, _ result: Result<ProviderAnswer, PushTransportError>) {
        guard results[index] == nil else { return }
        results[index] = result
        remaining -= 1
        if remaining == 0 { done(results.map { $0! }) }
    }
}
