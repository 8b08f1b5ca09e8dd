import Foundation
import Logging

/// LOG_FORMAT=json: one JSON object per line (`time`, `level`, `logger`,
/// `message`, then the metadata's keys), for log collectors that parse
/// lines instead of reading them. Metadata named like one of the fixed
/// fields is written with a `meta_` prefix instead of replacing it.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    let write: @Sendable (String) -> Void

    static let fixedFields: Set<String> = ["time", "level", "logger", "message", "source"]

    /// Writes to standard error, as swift-log's default handler does.
    public init(label: String) {
        self.init(label: label) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [String: Any] = [
            "time": Self.timestamp(Date()), "level": event.level.rawValue, "logger": label, "message": "\(event.message)", "source": event.source,
        ]
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        for (key, value) in merged {
            fields[Self.fixedFields.contains(key) ? "meta_\(key)" : key] = Self.plain(value)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    static func plain(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(plain)
        case .dictionary(let values): values.mapValues(plain)
        }
    }

    /// RFC 3339 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
