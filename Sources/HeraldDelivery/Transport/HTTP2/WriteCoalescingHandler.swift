import NIOCore

/// Joins the bytes written between two flushes into one write, so that TLS
/// seals them as a few full records instead of one record per piece: the
/// HTTP/2 handler writes each frame (and a DATA frame's header apart from
/// its payload), three writes per push, and the TLS handler gives each
/// write to BoringSSL on its own, one record (a header, a seal, a tag)
/// each. Sits between the TLS handler and the HTTP/2 handler.
final class WriteCoalescingHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// What was written since the last flush, and the promise standing for
    /// all of theirs (the others follow it).
    private var pending: ByteBuffer?
    private var promise: EventLoopPromise<Void>?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .byteBuffer(var bytes) = unwrapOutboundIn(data) else {
            // A file region cannot be joined: what came before it goes first.
            emit(context: context)
            context.write(data, promise: promise)
            return
        }
        if pending == nil {
            pending = bytes
        } else {
            pending!.writeBuffer(&bytes)
        }
        if let promise {
            if let first = self.promise { first.futureResult.cascade(to: promise) } else { self.promise = promise }
        }
    }

    func flush(context: ChannelHandlerContext) {
        emit(context: context)
        context.flush()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Written but not flushed is failed by the channel's close, as without this handler.
        emit(context: context)
        context.close(mode: mode, promise: promise)
    }

    private func emit(context: ChannelHandlerContext) {
        guard let bytes = pending else { return }
        let promise = self.promise
        pending = nil
        self.promise = nil
        context.write(wrapOutboundOut(.byteBuffer(bytes)), promise: promise)
    }
}
