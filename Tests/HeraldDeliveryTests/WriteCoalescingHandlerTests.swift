import NIOCore
import NIOEmbedded
import Testing

@testable import HeraldDelivery

/// The bytes written between two flushes leave as one write (one run of
/// TLS records), each writer's promise kept.
@Suite("Write coalescing")
struct WriteCoalescingHandlerTests {
    @Test func writesBetweenFlushesLeaveAsOneAndKeepTheirPromises() throws {
        let channel = EmbeddedChannel(handler: WriteCoalescingHandler())
        defer { _ = try? channel.finish() }
        let first = channel.eventLoop.makePromise(of: Void.self)
        let third = channel.eventLoop.makePromise(of: Void.self)
        channel.write(IOData.byteBuffer(ByteBuffer(string: "HEADERS")), promise: first)
        channel.write(IOData.byteBuffer(ByteBuffer(string: "|DATA-head")), promise: nil)
        channel.write(IOData.byteBuffer(ByteBuffer(string: "|payload")), promise: third)
        #expect(try channel.readOutbound(as: IOData.self) == nil, "nothing leaves before the flush")
        channel.flush()
        guard case .byteBuffer(let joined) = try channel.readOutbound(as: IOData.self) else {
            Issue.record("no write after the flush")
            return
        }
        #expect(String(buffer: joined) == "HEADERS|DATA-head|payload")
        #expect(try channel.readOutbound(as: IOData.self) == nil, "one write")
        var kept = 0
        first.futureResult.whenSuccess { kept += 1 }
        third.futureResult.whenSuccess { kept += 1 }
        #expect(kept == 2)

        // The next flush starts afresh.
        channel.writeAndFlush(IOData.byteBuffer(ByteBuffer(string: "PING")), promise: nil)
        guard case .byteBuffer(let next) = try channel.readOutbound(as: IOData.self) else {
            Issue.record("no write after the second flush")
            return
        }
        #expect(String(buffer: next) == "PING")
    }
}
