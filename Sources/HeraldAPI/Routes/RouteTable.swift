import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

/// The methods each route path answers, so a request for a known path with
/// another method gets 405 with an `Allow` header (RFC 9110 §15.5.6)
/// instead of the router's 404. Filled once the router has every route.
final class RouteTable: Sendable {
    private struct Entry {
        var segments: [Substring]
        var methods: Set<String>
    }

    private let entries = NIOLockedValueBox<[Entry]>([])

    func install(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        var byPath: [String: Set<String>] = [:]
        for route in routes { byPath[route.path, default: []].insert(route.method.rawValue) }
        entries.withLockedValue { entries in
            entries = byPath.map { Entry(segments: $0.key.split(separator: "/"), methods: $0.value) }
        }
    }

    /// The methods `path` is served for, sorted; empty when no route has
    /// this path. As the router does, a literal segment wins over a
    /// parameter (`users/user/...` is not `users/{user_id}/...`).
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        var best: [Bool]?
        var methods = Set<String>()
        entries.withLockedValue { entries in
            for entry in entries where Self.matches(entry.segments, segments) {
                let literals = entry.segments.map { !Self.isParameter($0) }
                if let current = best, Self.isMoreSpecific(current, than: literals) { continue }
                if let current = best, !Self.isMoreSpecific(literals, than: current) {
                    methods.formUnion(entry.methods)  // as specific: the same path, another spelling
                } else {
                    methods = entry.methods
                }
                best = literals
            }
        }
        return methods.sorted()
    }

    /// At the first segment where they differ, `a` has the literal.
    private static func isMoreSpecific(_ a: [Bool], than b: [Bool]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x }
        return false
    }

    private static func isParameter(_ part: Substring) -> Bool {
        part.hasPrefix("{") || part == "*" || part == "**"
    }

    private static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        var index = 0
        for part in pattern {
            if part == "**" { return true }
            guard index < segments.count else { return false }
            if !isParameter(part) && part != segments[index] { return false }
            index += 1
        }
        return index == segments.count
    }
}
