#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address as raw bytes (4 for IPv4, 16 for IPv6). IPv4-mapped IPv6
/// addresses (`::ffff:10.0.0.1`) are folded to IPv4 so that one allowlist
/// entry matches a client however the socket reports it.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// 4 bytes (IPv4) or 16 (IPv6); an IPv4-mapped address is folded here
    /// too, so that no rule meets `::ffff:127.0.0.1` as an IPv6 address.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes.count == 16 && Array(bytes.prefix(12)) == Self.mappedPrefix ? Array(bytes.suffix(4)) : bytes
    }

    /// `::ffff:0:0/96`: an IPv4 address as a dual-stack socket reports it.
    static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]

    public init?(_ text: some StringProtocol) {
        var text = String(text).trimmingWhitespace()
        // A bracketed IPv6 literal, as in URLs and some X-Forwarded-For values.
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        // A zone index (fe80::1%eth0) does not take part in matching.
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            let raw = withUnsafeBytes(of: &v6) { Array($0) }
            self.bytes = Array(raw.prefix(12)) == Self.mappedPrefix ? Array(raw.suffix(4)) : raw
        } else {
            return nil
        }
    }

    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A CIDR block such as `10.0.0.0/8` or `2001:db8::/32`; a bare address is a
/// block of one.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let address = IPAddress(first) else { return nil }
        // An IPv4-mapped block (`::ffff:10.0.0.0/104`) is written in IPv6
        // prefix bits but was folded to IPv4: shift its prefix too.
        let writtenAsIPv6 = first.contains(":")
        let maxLength = writtenAsIPv6 ? 128 : 32
        var length = address.bytes.count * 8
        if parts.count == 2 {
            guard let parsed = Int(parts[1].trimmingWhitespace()), (0...maxLength).contains(parsed) else { return nil }
            let mapped = writtenAsIPv6 && address.bytes.count == 4
            // `::ffff:a.b.c.d/n` with n < 96 would reach past the mapped
            // prefix into every IPv4 address: refuse it rather than allow all.
            if mapped && parsed < 96 { return nil }
            length = mapped ? parsed - 96 : parsed
        }
        self.address = address
        self.prefixLength = length
    }

    public func contains(_ candidate: IPAddress) -> Bool {
        guard candidate.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address.bytes, candidate.bytes) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xff << (8 - bits))
            if a & mask != b & mask { return false }
            remaining -= bits
        }
        return true
    }

    public var description: String { "\(address)/\(prefixLength)" }

    /// Parses a comma-separated list; returns the entries that are not CIDRs
    /// separately so configuration can refuse them loudly.
    public static func parseList(_ text: String) -> (networks: [IPNetwork], invalid: [String]) {
        var networks: [IPNetwork] = []
        var invalid: [String] = []
        for entry in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !entry.isEmpty {
            if let network = IPNetwork(entry) { networks.append(network) } else { invalid.append(entry) }
        }
        return (networks, invalid)
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(self.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}
