import Foundation

/// An email as RFC 5322 and MIME want it (issue 42): CRLF line ends,
/// headers whose values cannot break a line (a notification's title may
/// hold line breaks: flattened), a non-ASCII subject as RFC 2047 encoded
/// words, and a `multipart/alternative` body of plain text and HTML, each
/// base64 in lines of 76. What it says is the caller's; how it is written
/// is here, so no text can add a header or end the message.
public struct EmailMessage: Sendable, Equatable {
    public var from: String
    public var to: String
    public var subject: String
    public var text: String
    public var html: String
    /// `<…@…>`; a notification's messages share `threadID` in References.
    public var messageID: String
    public var threadID: String?
    public var date: Date

    public init(from: String, to: String, subject: String, text: String, html: String, messageID: String, threadID: String? = nil, date: Date) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.threadID = threadID
        self.date = date
    }

    /// The message as it goes on the wire (before SMTP's dot-stuffing, which the client does).
    public func rendered(boundary: String = "herald-" + UUID().uuidString) -> Data {
        var headers: [(String, String)] = [
            ("From", Self.headerSafe(from)), ("To", Self.headerSafe(to)), ("Subject", Self.encodedWords(Self.headerSafe(subject))),
            ("Date", Self.rfc5322Date(date)), ("Message-ID", Self.headerSafe(messageID)), ("MIME-Version", "1.0"),
        ]
        if let threadID {
            headers.append(("References", Self.headerSafe(threadID)))
            headers.append(("In-Reply-To", Self.headerSafe(threadID)))
        }
        headers.append(("Auto-Submitted", "auto-generated"))
        headers.append(("Content-Type", "multipart/alternative; boundary=\"\(boundary)\""))
        var out = headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            out += "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            out += Self.base64Lines(Data(body.utf8)) + "\r\n"
        }
        out += "--\(boundary)--\r\n"
        return Data(out.utf8)
    }

    /// One line: every control character (CR and LF among them) a space.
    static func headerSafe(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }))
    }

    /// ASCII as it is; otherwise RFC 2047 B-encoded words of at most 75
    /// characters each, cut between characters, never inside one.
    /// A long ASCII subject is written as encoded words too, so that it is
    /// folded and no header line passes RFC 5322's 998 characters.
    static func encodedWords(_ value: String) -> String {
        let value = String(value.prefix(300))
        guard value.count > 70 || !value.unicodeScalars.allSatisfy({ $0.isASCII }) else { return value }
        var words: [String] = []
        var chunk = Data()
        for character in value {
            let bytes = Data(String(character).utf8)
            // "=?utf-8?B?" + base64 + "?=" within 75: 45 bytes of text at most.
            if chunk.count + bytes.count > 45 {
                words.append("=?utf-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append("=?utf-8?B?\(chunk.base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    static func base64Lines(_ data: Data) -> String {
        let encoded = data.base64EncodedString()
        var lines: [Substring] = []
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(encoded[index..<end])
            index = end
        }
        return lines.joined(separator: "\r\n")
    }

    public static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// Text for HTML: the five characters that mean something there escaped.
    public static func escapeHTML(_ text: String) -> String {
        var out = ""
        // Scalar by scalar: a quote carrying a combining mark is still a quote.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
