/// `application/x-www-form-urlencoded` bodies: the login form the apps
/// send, and the web app's forms.
enum FormBody {
    /// The fields in order; `+` is a space, and a value whose
    /// percent-encoding is broken is nil (a field whose name is broken is
    /// left out: it cannot be one Herald reads).
    static func fields(_ body: String) -> [(name: String, value: String?)] {
        body.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String? { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decoded(parts[0]) else { return nil }
            return (name, parts.count > 1 ? decoded(parts[1]) : "")
        }
    }
}

extension String {
    /// The bytes as text when they are UTF-8, else nil (not repaired).
    init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        var text = ""
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput:
                self = text
                return
            case .error: return nil
            }
        }
    }
}

import Foundation
