import Logging
import NIOConcurrencyHelpers

/// Every log line a logger writes, message and metadata rendered as text,
/// so a test can say what must never appear in them (a password).
public final class CapturedLogs: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    public init() {}

    /// A logger at `trace` that writes here.
    public var logger: Logger {
        var logger = Logger(label: "herald-captured") { _ in Handler(sink: self) }
        logger.logLevel = .trace
        return logger
    }

    public var all: [String] { lines.withLockedValue { $0 } }

    func append(_ line: String) { lines.withLockedValue { $0.append(line) } }

    struct Handler: LogHandler {
        let sink: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            sink.append("\(event.level) \(event.message) \(merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
        }
    }
}
