import Foundation

/// One run's figures: printed as one line, appended to a CSV when asked.
struct Figures {
    var line: String
    /// Column names and values, in order.
    var columns: [(String, String)]

    /// Appends the values to `path`, with a header row when the file is new.
    func append(toCSV path: String?) throws {
        guard let path else { return }
        let exists = FileManager.default.fileExists(atPath: path)
        var text = exists ? "" : columns.map(\.0).joined(separator: ",") + "\n"
        text += columns.map(\.1).joined(separator: ",") + "\n"
        if !exists { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

/// Formatting and statistics shared by the modes.
enum Stats {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> Double { seconds(duration) * 1000 }

    /// The value below which `fraction` of the (sorted or not) values lie (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

    /// 14768 -> "14,768".
    static func grouped(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return formatter.string(from: NSNumber(value: value.rounded())) ?? "\(Int(value))"
    }
}
