import NIOCore
import NIOHPACK
import NIOHTTP2

/// Serves one HTTP/2 connection at the frame level: collects each stream's
/// headers and body, asks the responder, and writes the answer. No channel
/// per stream and no HTTP/1 translation, so the mocks cost little CPU next
/// to the Herald they measure.
final class MockStreamsHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// The stream limit once the client has proved itself (APNs' is ~1000).
    static let authenticatedMaxStreams = 1000
    /// Connection window kept open for request bodies.
    static let connectionWindow = 1 << 24

    private let responder: any MockResponder
    private var requests: [HTTP2StreamID: MockRequest] = [:]
    private var unacknowledgedBytes = 0
    private var streamLimitLifted: Bool
    private var context: ChannelHandlerContext?
    /// After GOAWAY: the last stream still served; the connection closes
    /// once those are answered.
    private var goAwayLast: HTTP2StreamID?
    private var answersOwed = 0
    /// The newest stream handed to the responder: processed, or being.
    private var highestTaken = HTTP2StreamID(0)

    /// This connection's number (`MockRequest.connection`).
    private let connection: Int

    init(responder: any MockResponder, streamLimitLifted: Bool, connection: Int) {
        self.responder = responder
        self.streamLimitLifted = streamLimitLifted
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelActive(context: ChannelHandlerContext) {
        responder.transport.connectionAccepted()
        // The default connection window (64 KiB) would stall after a few
        // hundred pushes; open it wide once and top it up as bodies arrive.
        let increment = Self.connectionWindow - 65_535
        context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: increment))), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if let goAwayLast, frame.streamID > goAwayLast { return }
        switch frame.payload {
        case .headers(let headers):
            if requests[frame.streamID] == nil {
                requests[frame.streamID] = MockRequest(
                    method: headers.headers.first(name: ":method") ?? "", path: headers.headers.first(name: ":path") ?? "",
                    headers: headers.headers, body: context.channel.allocator.buffer(capacity: 0), connection: connection
                )
            }
            if headers.endStream { finish(frame.streamID) }
        case .data(let data):
            if case .byteBuffer(var bytes) = data.data {
                unacknowledgedBytes += bytes.readableBytes
                requests[frame.streamID]?.body.writeBuffer(&bytes)
            }
            if data.endStream { finish(frame.streamID) }
        case .rstStream:
            requests[frame.streamID] = nil
        case .ping(_, ack: false):
            responder.transport.pingReceived()
        default:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unacknowledgedBytes > Self.connectionWindow / 4 {
            context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: unacknowledgedBytes))), promise: nil)
            unacknowledgedBytes = 0
        }
        context.flush()
        context.fireChannelReadComplete()
    }

    /// NIOHTTP2 closes the connection itself on connection errors; a
    /// stream error (a late frame after GOAWAY, say) must not drop answers
    /// still owed on other streams.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {}

    private func finish(_ streamID: HTTP2StreamID) {
        guard let request = requests.removeValue(forKey: streamID) else { return }
        answersOwed += 1
        highestTaken = max(highestTaken, streamID)
        perform(responder.reply(to: request), request: request, streamID: streamID, flush: false)
    }

    private func perform(_ reply: MockReply, request: MockRequest, streamID: HTTP2StreamID, flush: Bool) {
        guard let context else { return }
        switch reply {
        case .answer(let answer):
            write(answer, streamID: streamID, context: context)
            answersOwed -= 1
            if !streamLimitLifted && responder.authenticates(request, with: answer) {
                streamLimitLifted = true
                let settings = HTTP2Settings([HTTP2Setting(parameter: .maxConcurrentStreams, value: Self.authenticatedMaxStreams)])
                context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .settings(.settings(settings)))), promise: nil)
            }
            if flush { context.flush() }
            closeIfGoneAway(context)
        case .afterChecking(let check):
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            context.eventLoop.makeFutureWithTask { await check() }.whenSuccess { answer in
                handler.value.perform(.answer(answer), request: request, streamID: streamID, flush: true)
            }
        case .delayed(let duration, let reply):
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .nanoseconds(Int64(duration / .nanoseconds(1)))) {
                handler.value.perform(reply, request: request, streamID: streamID, flush: true)
            }
        case .dropConnection:
            // The requests answered before this one keep their answers (a
            // close drops writes not yet flushed): a reset at the 20th
            // request fails the streams still open, not the 19 before it
            // that arrived in the same read (on a loaded machine, most of
            // a batch did, and every reset took the whole batch with it).
            context.flush()
            context.close(promise: nil)
        case .goAwayAfter(let reply):
            // Streams not taken up yet will never be: above the last one by
            // GOAWAY, below it (their frames still arriving) by
            // REFUSED_STREAM. The client may resend them all.
            goAwayLast = highestTaken
            context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: highestTaken, errorCode: .noError, opaqueData: nil))), promise: nil)
            for id in requests.keys {
                context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.refusedStream))), promise: nil)
            }
            requests = [:]
            context.flush()
            perform(reply, request: request, streamID: streamID, flush: flush)
        case .refuseStream:
            answersOwed -= 1
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .rstStream(.refusedStream))), promise: nil)
            if flush { context.flush() }
        }
    }

    private func closeIfGoneAway(_ context: ChannelHandlerContext) {
        if goAwayLast != nil && answersOwed == 0 && requests.isEmpty {
            context.flush()  // close drops writes not yet flushed
            context.close(promise: nil)
        }
    }

    private func write(_ answer: MockAnswer, streamID: HTTP2StreamID, context: ChannelHandlerContext) {
        let head = HTTP2Frame.FramePayload.Headers(headers: answer.responseHeaders, endStream: answer.body.isEmpty)
        context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .headers(head))), promise: nil)
        if !answer.body.isEmpty {
            let body = HTTP2Frame.FramePayload.Data(data: .byteBuffer(context.channel.allocator.buffer(string: answer.body)), endStream: true)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .data(body))), promise: nil)
        }
    }
}
