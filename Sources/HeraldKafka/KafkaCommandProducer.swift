import CRdKafka
import Foundation
import HeraldBridges
import NIOPosix

/// Sends Phoebus alarm commands (an acknowledgement written back) to the
/// alarm server's Kafka. Each send returns once the broker acknowledged the
/// message (librdkafka's delivery report, `acks=all`, idempotent producer,
/// so librdkafka's own retries do not write it twice), or throws with the
/// broker's reason; the write-back runner retries what failed.
public final class KafkaCommandProducer: PhoebusCommandSender, @unchecked Sendable {
    // librdkafka handles are thread-safe; sends are also serialised on one
    // thread of their own, so a blocking poll never holds NIO's pool.
    private let handle: OpaquePointer
    private let thread: NIOThreadPool
    /// How long a message may wait for the broker before it fails.
    static let messageTimeoutMs = 10_000

    public init(brokers: String) throws {
        let config = try KafkaConfig([
            "bootstrap.servers": brokers, "enable.idempotence": "true", "acks": "all", "linger.ms": "0",
            "message.timeout.ms": String(Self.messageTimeoutMs),
        ])
        rd_kafka_conf_set_dr_msg_cb(config.conf, deliveryReport)
        handle = try config.makeClient(type: RD_KAFKA_PRODUCER)
        thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
    }

    deinit {
        let owned = ProducerHandle(pointer: handle)
        thread.shutdownGracefully { _ in
            rd_kafka_flush(owned.pointer, 5_000)
            rd_kafka_destroy(owned.pointer)
        }
    }

    public func send(_ command: PhoebusCommand) async throws {
        let handle = ProducerHandle(pointer: handle)
        try await thread.runIfActive {
            let delivery = Delivery()
            let opaque = Unmanaged.passRetained(delivery)
            var key = Array(command.key.utf8)
            var value = Array(command.value.utf8)
            let topic = rd_kafka_topic_new(handle.pointer, command.topic, nil)
            defer { rd_kafka_topic_destroy(topic) }
            let produced = key.withUnsafeMutableBytes { keyBytes in
                value.withUnsafeMutableBytes { valueBytes in
                    rd_kafka_produce(
                        topic, -1 /* RD_KAFKA_PARTITION_UA */, 2 /* RD_KAFKA_MSG_F_COPY */, valueBytes.baseAddress, valueBytes.count, keyBytes.baseAddress, keyBytes.count,
                        opaque.toOpaque()
                    )
                }
            }
            guard produced == 0 else {
                opaque.release()
                throw KafkaError("produce to \(command.topic): \(String(cString: rd_kafka_err2str(rd_kafka_last_error())))")
            }
            // The delivery report comes from a poll; the message's own
            // timeout bounds the wait.
            let deadline = Date().addingTimeInterval(Double(Self.messageTimeoutMs) / 1_000 + 5)
            while delivery.result == nil, Date() < deadline { rd_kafka_poll(handle.pointer, 100) }
            guard let result = delivery.result else { throw KafkaError("no delivery report for \(command.topic) in time") }
            guard result == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError("\(command.topic): \(String(cString: rd_kafka_err2str(result)))") }
        }
    }
}

/// One message's delivery report, set by librdkafka's callback.
private final class Delivery: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: rd_kafka_resp_err_t?
    var result: rd_kafka_resp_err_t? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// librdkafka calls this from `rd_kafka_poll` for each message sent: the
/// message's opaque is its `Delivery`, retained at produce.
private func deliveryReport(_: OpaquePointer?, _ message: UnsafePointer<rd_kafka_message_t>?, _: UnsafeMutableRawPointer?) {
    guard let message, let opaque = message.pointee._private else { return }
    let delivery = Unmanaged<Delivery>.fromOpaque(opaque).takeRetainedValue()
    delivery.result = message.pointee.err
}

private struct ProducerHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
