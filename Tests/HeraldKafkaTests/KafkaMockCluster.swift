import CRdKafka
import Foundation
import HeraldKafka
import HeraldTestSupport

/// A producer feeding topics of librdkafka's mock cluster (a real Kafka
/// protocol endpoint on loopback), for the bridge's tests.
public final class KafkaProducer: @unchecked Sendable {
    private let handle: OpaquePointer

    /// `mockBrokers` > 0 starts librdkafka's own mock cluster (a real Kafka
    /// protocol endpoint on loopback) instead of connecting to `brokers`.
    public init(brokers: String = "", mockBrokers: Int = 0) throws {
        var settings = ["linger.ms": "5"]
        if mockBrokers > 0 { settings["test.mock.num.brokers"] = String(mockBrokers) } else { settings["bootstrap.servers"] = brokers }
        handle = try KafkaConfig(settings).makeClient(type: RD_KAFKA_PRODUCER)
    }

    /// Flushing and destroying block (up to seconds while the mock cluster
    /// starts or stops), so they happen on a thread of their own: a test's
    /// cooperative thread blocked here would stall every other test.
    deinit {
        let owned = OwnedHandle(pointer: handle)
        Thread.detachNewThread {
            rd_kafka_flush(owned.pointer, 10_000)
            rd_kafka_destroy(owned.pointer)
        }
    }

    /// The mock cluster's bootstrap servers, when this producer runs one.
    public var mockBootstrapServers: String? {
        guard let cluster = rd_kafka_handle_mock_cluster(handle) else { return nil }
        return String(cString: rd_kafka_mock_cluster_bootstraps(cluster))
    }

    public func createMockTopic(_ topic: String, partitions: Int32 = 1) throws {
        guard let cluster = rd_kafka_handle_mock_cluster(handle) else { throw KafkaError("no mock cluster") }
        let err = rd_kafka_mock_topic_create(cluster, topic, partitions, 1)
        guard err == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError("create topic: \(String(cString: rd_kafka_err2str(err)))") }
    }

    public func send(topic: String, key: String, value: String?) throws {
        let topicHandle = rd_kafka_topic_new(handle, topic, nil)
        defer { rd_kafka_topic_destroy(topicHandle) }
        var keyBytes = Array(key.utf8)
        var valueBytes = value.map { Array($0.utf8) }
        let result: Int32 = keyBytes.withUnsafeMutableBytes { keyBuffer in
            if valueBytes != nil {
                return valueBytes!.withUnsafeMutableBytes { valueBuffer in
                    rd_kafka_produce(topicHandle, 0, 2 /* RD_KAFKA_MSG_F_COPY */, valueBuffer.baseAddress, valueBuffer.count, keyBuffer.baseAddress, keyBuffer.count, nil)
                }
            }
            return rd_kafka_produce(topicHandle, 0, 2, nil, 0, keyBuffer.baseAddress, keyBuffer.count, nil)
        }
        guard result == 0 else { throw KafkaError("produce: \(String(cString: rd_kafka_err2str(rd_kafka_last_error())))") }
        rd_kafka_poll(handle, 0)
    }

    /// Waits until every message sent so far is in the cluster.
    public func flush() async {
        _ = try? await onThreadOfItsOwn { _ = rd_kafka_flush(self.handle, 10_000) }
    }
}

/// A librdkafka handle handed to the thread that destroys it.
private struct OwnedHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
