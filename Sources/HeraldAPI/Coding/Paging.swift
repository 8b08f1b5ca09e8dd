import HTTPTypes
import HeraldCore
import Hummingbird

/// Cursor paging on the query string: `?before=<cursor>` or
/// `?after=<cursor>` with `limit`, and a `Link` header with the cursors of
/// the pages on either side. The cursor is opaque to clients (a
/// notification's id today).
struct PageRequest {
    var start: PageStart
    var limit: Int

    /// Reads `before`, `after` (both: the ids between them, oldest first)
    /// and `limit` (1...maxLimit, default `defaultLimit`; above the maximum
    /// refused, or cut to it when `clampsLimit`, as the apps' inbox always
    /// did); `defaultStart` when neither cursor is given.
    static func read(
        _ request: Request, defaultStart: PageStart, defaultLimit: Int, maxLimit: Int, clampsLimit: Bool = false, into validator: inout Validator
    ) -> PageRequest {
        let query = request.uri.queryParameters
        var start = defaultStart
        func cursor(_ name: String) -> NotificationID? {
            guard let raw = query[Substring(name)] else { return nil }
            guard let id = NotificationID(raw), id >= 0 else {
                validator.fail(["query", .key(name)], "Input should be a cursor from a Link header", type: "value_error")
                return nil
            }
            return id
        }
        let before = cursor("before")
        let after = cursor("after")
        if let before, let after {
            start = .between(after: after, before: before)
        } else if let before {
            start = .before(before)
        } else if let after {
            start = .after(after)
        }
        var limit = defaultLimit
        if let raw = query["limit"] {
            if clampsLimit, raw == "0" {
                limit = maxLimit  // the apps' "0 = as many as allowed"
            } else if let parsed = Self.count(raw), parsed >= 1, clampsLimit || parsed <= maxLimit {
                limit = min(parsed, maxLimit)
            } else {
                let range = clampsLimit ? "of at least 1" : "from 1 to \(maxLimit)"
                validator.fail(["query", "limit"], "Input should be a whole number \(range)", type: "int_parsing")
            }
        }
        return PageRequest(start: start, limit: limit)
    }

    /// A non-negative whole number; one too large for an Int reads as
    /// `Int.max` (a limit that large is cut, not refused, where limits are cut).
    static func count(_ raw: Substring) -> Int? {
        guard !raw.isEmpty, raw.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(raw) ?? Int.max
    }

    /// `Link: <…?before=…>; rel="next"` (further in the page's direction,
    /// when the page was full) and `rel="prev"` (the other way), keeping the
    /// request's other parameters.
    func links(for ids: [NotificationID], request: Request) -> HTTPFields {
        guard let first = ids.first, let last = ids.last else { return [:] }
        let (oldest, newest) = (min(first, last), max(first, last))
        var links: [String] = []
        if ids.count >= limit {
            // A window keeps its upper end on the way forward.
            var bound: [(String, String)] = []
            if case .between(_, let before) = start { bound = [("before", "\(before)")] }
            links.append(Self.link(request, start.isNewestFirst ? ("before", oldest) : ("after", newest), limit: limit, rel: "next", also: bound))
        }
        links.append(Self.link(request, start.isNewestFirst ? ("after", newest) : ("before", oldest), limit: limit, rel: "prev"))
        return [.link: links.joined(separator: ", ")]
    }

    static func link(
        _ request: Request, _ cursor: (name: String, value: some CustomStringConvertible), limit: Int, rel: String, also extra: [(String, String)] = []
    ) -> String {
        var parameters = request.uri.queryParameters.filter { !["before", "after", "limit"].contains(String($0.key)) }
            .map { "\($0.key)=\(String($0.value).addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")" }
        parameters.append("\(cursor.name)=\(String(describing: cursor.value).addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")")
        parameters.append("limit=\(limit)")
        parameters += extra.map { "\($0.0)=\($0.1)" }
        return "<\(request.uri.path)?\(parameters.sorted().joined(separator: "&"))>; rel=\"\(rel)\""
    }
}

import Foundation

extension CharacterSet {
    /// What may stand unescaped in a query value.
    static let urlQueryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+;")
        return allowed
    }()
}

extension HTTPField.Name {
    static let link = HTTPField.Name("Link")!
}
