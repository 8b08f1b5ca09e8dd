import Foundation
import HeraldCore

/// Gammu SMSD's files backend (Debian's `gammu-smsd`, the on-site GSM
/// modem daemon): texts are files in its outbox, replies files in its
/// inbox (scripts/lib/gammu-notes.md has the facts, measured on 1.42).
///
/// A text is written as UTF-16LE with a byte-order mark (read exactly
/// whatever the daemon's locale) to a hidden file in the outbox, then
/// renamed to `OUTA<date>_<time>_00_<number>_<reference>.txt`: SMSD reads
/// what a file holds when it scans, and ignores names not starting with
/// `OUT`, so it never sees half a text. Priority A, the highest.
public struct GammuSMSGateway: SMSGateway {
    public let name = "Gammu SMSD"
    let spool: URL
    let clock: WallClock

    public init(settings: GammuSettings, clock: WallClock = .system) {
        spool = URL(fileURLWithPath: settings.spool, isDirectory: true)
        self.clock = clock
    }

    var outbox: URL { spool.appendingPathComponent("outbox", isDirectory: true) }

    public func warmUp() async throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: outbox.path, isDirectory: &isDirectory), isDirectory.boolValue,
            FileManager.default.isWritableFile(atPath: outbox.path)
        else { throw GammuSpoolError("\(outbox.path) is not a directory Herald may write (GAMMU_SPOOL_DIR: Gammu SMSD's files backend)") }
    }

    public func send(_ texts: [OutgoingText]) async -> [GatewayAnswer] {
        texts.map(write)
    }

    /// The outbox name: time first, so SMSD sends in the order written;
    /// the reference last, so an operator can tell which message it was.
    static func fileName(_ text: OutgoingText, at now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd_HHmmss"
        let reference = text.reference.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        return "OUTA\(formatter.string(from: now))_00_\(text.to)_\(reference).txt"
    }

    static func contents(_ body: String) -> Data {
        var data = Data([0xFF, 0xFE])
        for unit in body.utf16 {
            data.append(UInt8(unit & 0xFF))
            data.append(UInt8(unit >> 8))
        }
        return data
    }

    func write(_ text: OutgoingText) -> GatewayAnswer {
        // Only numbers reach a file name (E.164 is checked when a number is added).
        guard text.to.first == "+", (9...16).contains(text.to.count), text.to.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .refused(reason: "not an international number")
        }
        let hidden = outbox.appendingPathComponent(".herald-\(UUID().uuidString).tmp")
        let final = outbox.appendingPathComponent(Self.fileName(text, at: clock.now()))
        do {
            try Self.contents(text.body).write(to: hidden)
        } catch {
            try? FileManager.default.removeItem(at: hidden)
            return .retry(reason: "cannot write to the outbox (\(error.localizedDescription))", after: 10)
        }
        if rename(hidden.path, final.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: hidden)
            return .retry(reason: "cannot move the text into the outbox (\(reason))", after: 10)
        }
        return .accepted
    }
}

public struct GammuSpoolError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A received text as SMSD's `detail` inbox format files it: one file per
/// message, each part an `[SMSBackupNNN]` section, the sender and text in
/// hex UTF-16BE (`NumberUnicode`, `Text00`, `Text01` …).
public struct GammuInboxMessage: Sendable, Equatable {
    public var sender: String
    public var text: String

    /// Nil while the file is still being written (SMSD appends in place:
    /// complete once its last key is `MessageReference` and every part a
    /// UDH announces is there) or when it is not a text.
    public static func parse(_ contents: String) -> GammuInboxMessage? {
        var sections: [[String: String]] = []
        var textParts: [[String]] = []
        var lastKey = ""
        // Lines end at LF only (a CR before it dropped), as Gammu writes and
        // reads them: a reply's text sits in a `;` comment line, and a form
        // feed or U+2028 in it must not start a line of its own (a forged
        // `NumberUnicode` would name another sender).
        // (Split on scalars: "\r\n" is one Character, which a split on "\n" would not see.)
        for raw in contents.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true) {
            var scalars = raw
            if scalars.last == "\r" { scalars = scalars.dropLast() }
            let line = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .init(charactersIn: " \t"))
            if line.isEmpty || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                sections.append([:])
                textParts.append([])
                continue
            }
            guard !sections.isEmpty, let range = line.range(of: " = ") else { continue }
            let key = String(line[..<range.lowerBound])
            let value = String(line[range.upperBound...])
            lastKey = key
            if key.hasPrefix("Text"), key.dropFirst(4).allSatisfy(\.isNumber), key.count > 4 {
                textParts[sections.count - 1].append(value)
            } else {
                sections[sections.count - 1][key] = value
            }
        }
        guard !sections.isEmpty, lastKey == "MessageReference" else { return nil }
        if let udh = sections[0]["UDH"], udh.count >= 12, udh.lowercased().hasPrefix("050003"),
            let total = Int(udh.dropFirst(8).prefix(2), radix: 16), sections.count < total
        {
            return nil
        }
        guard let number = sections[0]["NumberUnicode"].flatMap(utf16BE) else { return nil }
        for section in sections {
            let coding = section["Coding"] ?? ""
            guard coding.isEmpty || coding.hasSuffix("No_Compression") else { return nil }
        }
        // Every part's hex joined before decoding: a character split between parts stays whole.
        guard let text = utf16BE(textParts.map { $0.joined() }.joined()) else { return nil }
        return GammuInboxMessage(sender: number, text: text)
    }

    static func utf16BE(_ hex: String) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 4) else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(digits.count / 4)
        var index = 0
        while index < digits.count {
            guard let unit = UInt16(String(decoding: digits[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            units.append(unit)
            index += 4
        }
        return String(decoding: units, as: UTF16.self)
    }
}
