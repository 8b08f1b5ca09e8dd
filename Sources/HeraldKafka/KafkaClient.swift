import CRdKafka
import Foundation

/// A thin, blocking wrapper over librdkafka's consumer: the bridge calls it
/// from a thread pool, never from an event loop.
public final class KafkaConsumer: @unchecked Sendable {
    // librdkafka handles are thread-safe; this class adds no state of its own.
    private let handle: OpaquePointer

    public struct Partition: Hashable, Sendable {
        public var topic: String
        public var partition: Int32
    }

    public enum Event: Sendable {
        case message(Partition, offset: Int64, key: String, value: Data?)
        case endOfPartition(Partition, offset: Int64)
        case error(String)
    }

    public init(brokers: String, groupID: String) throws {
        let conf = try KafkaConfig([
            "bootstrap.servers": brokers, "group.id": groupID, "enable.auto.commit": "false",
            "enable.partition.eof": "true", "auto.offset.reset": "earliest",
        ])
        handle = try conf.makeClient(type: RD_KAFKA_CONSUMER)
        rd_kafka_poll_set_consumer(handle)
    }

    deinit {
        rd_kafka_consumer_close(handle)
        rd_kafka_destroy(handle)
    }

    /// Every partition of the topics with the group's committed offset
    /// (nil when none) and the high watermark now.
    public func partitions(topics: [String], timeoutMs: Int32 = 10_000) throws -> [Partition: (committed: Int64?, high: Int64)] {
        var result: [Partition: (committed: Int64?, high: Int64)] = [:]
        let list = rd_kafka_topic_partition_list_new(16)
        defer { rd_kafka_topic_partition_list_destroy(list) }
        for topic in topics {
            let topicHandle = rd_kafka_topic_new(handle, topic, nil)
            defer { rd_kafka_topic_destroy(topicHandle) }
            var metadata: UnsafePointer<rd_kafka_metadata>?
            let err = rd_kafka_metadata(handle, 0, topicHandle, &metadata, timeoutMs)
            guard err == RD_KAFKA_RESP_ERR_NO_ERROR, let metadata else { throw KafkaError("metadata for \(topic): \(String(cString: rd_kafka_err2str(err)))") }
            defer { rd_kafka_metadata_destroy(metadata) }
            guard metadata.pointee.topic_cnt > 0, metadata.pointee.topics[0].err == RD_KAFKA_RESP_ERR_NO_ERROR else {
                throw KafkaError("topic \(topic) does not exist")
            }
            for index in 0..<Int(metadata.pointee.topics[0].partition_cnt) {
                let id = metadata.pointee.topics[0].partitions[index].id
                rd_kafka_topic_partition_list_add(list, topic, id)
            }
        }
        let committedErr = rd_kafka_committed(handle, list, timeoutMs)
        guard committedErr == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError("committed offsets: \(String(cString: rd_kafka_err2str(committedErr)))") }
        for index in 0..<Int(list!.pointee.cnt) {
            let element = list!.pointee.elems[index]
            let partition = Partition(topic: String(cString: element.topic), partition: element.partition)
            var low: Int64 = 0
            var high: Int64 = 0
            let err = rd_kafka_query_watermark_offsets(handle, element.topic, element.partition, &low, &high, timeoutMs)
            guard err == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError("watermarks: \(String(cString: rd_kafka_err2str(err)))") }
            result[partition] = (element.offset >= 0 ? element.offset : nil, high)
        }
        return result
    }

    /// Reads the partitions from their first message: the bridge relearns
    /// the alarm tree on every start.
    public func assignFromBeginning(_ partitions: [Partition]) throws {
        let list = rd_kafka_topic_partition_list_new(Int32(partitions.count))
        defer { rd_kafka_topic_partition_list_destroy(list) }
        for partition in partitions {
            rd_kafka_topic_partition_list_add(list, partition.topic, partition.partition)!.pointee.offset = -2  // RD_KAFKA_OFFSET_BEGINNING
        }
        let err = rd_kafka_assign(handle, list)
        guard err == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError("assign: \(String(cString: rd_kafka_err2str(err)))") }
    }

    public func poll(timeoutMs: Int32) -> Event? {
        guard let message = rd_kafka_consumer_poll(handle, timeoutMs) else { return nil }
        defer { rd_kafka_message_destroy(message) }
        let m = message.pointee
        let topic = m.rkt.map { String(cString: rd_kafka_topic_name($0)) } ?? ""
        let partition = Partition(topic: topic, partition: m.partition)
        if m.err == RD_KAFKA_RESP_ERR__PARTITION_EOF { return .endOfPartition(partition, offset: m.offset) }
        guard m.err == RD_KAFKA_RESP_ERR_NO_ERROR else { return .error(String(cString: rd_kafka_err2str(m.err))) }
        let key = m.key.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: m.key_len), as: UTF8.self) } ?? ""
        let value = m.payload.map { Data(bytes: $0, count: m.len) }
        return .message(partition, offset: m.offset, key: key, value: value)
    }

    /// Records that everything before `offset` is handled (synchronously).
    public func commit(_ partition: Partition, offset: Int64) throws {
        let list = rd_kafka_topic_partition_list_new(1)
        defer { rd_kafka_topic_partition_list_destroy(list) }
        rd_kafka_topic_partition_list_add(list, partition.topic, partition.partition)!.pointee.offset = offset
        let err = rd_kafka_commit(handle, list, 0)
        guard err == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError("commit: \(String(cString: rd_kafka_err2str(err)))") }
    }
}

/// A librdkafka configuration, handed to the client made from it.
public struct KafkaConfig {
    let conf: OpaquePointer

    public init(_ settings: [String: String]) throws {
        conf = rd_kafka_conf_new()
        var error = [CChar](repeating: 0, count: 512)
        for (name, value) in settings where rd_kafka_conf_set(conf, name, value, &error, error.count) != RD_KAFKA_CONF_OK {
            rd_kafka_conf_destroy(conf)
            throw KafkaError("\(name): \(Self.text(error))")
        }
    }

    /// The NUL-terminated message librdkafka wrote into `buffer`.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Hands the configuration to a new client (which then owns it).
    public func makeClient(type: rd_kafka_type_t) throws -> OpaquePointer {
        var error = [CChar](repeating: 0, count: 512)
        guard let client = rd_kafka_new(type, conf, &error, error.count) else {
            rd_kafka_conf_destroy(conf)
            throw KafkaError(Self.text(error))
        }
        return client
    }
}

public struct KafkaError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
