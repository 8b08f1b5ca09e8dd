import Foundation

/// Reads a variable's value and checks it, with the same rules and messages
/// for every group of settings.
struct SettingReader {
    /// A variable's non-empty value.
    let text: (String) -> String?

    func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw = text(name) else { return value }
        guard let parsed = Int(raw), range.contains(parsed) else {
            throw ConfigurationError(name, "expected a whole number in \(range.lowerBound)...\(range.upperBound), got '\(raw)'")
        }
        return parsed
    }

    func number(_ name: String, default value: Double, range: ClosedRange<Double>) throws -> Double {
        guard let raw = text(name) else { return value }
        guard let parsed = Double(raw), range.contains(parsed) else {
            throw ConfigurationError(name, "expected a number in \(range.lowerBound)...\(range.upperBound), got '\(raw)'")
        }
        return parsed
    }

    func flag(_ name: String, default value: Bool) throws -> Bool {
        guard let raw = text(name)?.lowercased() else { return value }
        switch raw {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError(name, "expected true or false, got '\(raw)'")
        }
    }

    /// The contents of the file a variable names.
    func file(_ name: String, _ path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ConfigurationError(name, "cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// A secret from its variable, or from the file its `_FILE` names (trimmed).
    func secret(_ name: String) throws -> String? {
        if let value = text(name) { return value }
        guard let path = text(name + "_FILE") else { return nil }
        return String(decoding: try file(name + "_FILE", path), as: UTF8.self).trimmingWhitespace()
    }

    /// A service's base URL: http(s), with a host, no query; without its trailing slash.
    func baseURL(_ name: String, _ value: String) throws -> String {
        guard let url = URL(string: value), url.scheme == "https" || url.scheme == "http", url.host != nil, url.query == nil else {
            throw ConfigurationError(name, "an http(s) URL without a query, e.g. https://service.example.org")
        }
        return value.trimmingSuffix("/")
    }
}
