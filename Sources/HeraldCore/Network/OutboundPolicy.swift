/// Where Herald may send a request it makes on a user's, a sender's or an
/// identity provider's behalf (Web Push endpoints, feeds, OpenID Connect
/// discovery and keys, the authentication URL): public addresses only.
/// Loopback, private, shared (CGNAT), link-local (cloud metadata at
/// 169.254.169.254), unique-local, multicast, documentation and reserved
/// addresses are refused, unless the site allows a network of them
/// (`OUTBOUND_ALLOW_PRIVATE`) for feeds or a directory that live inside.
/// Checked on the address actually connected to, so a name that resolves
/// back inside is refused as well.
public struct OutboundPolicy: Sendable, Equatable {
    /// Networks outside the public Internet that requests may reach anyway.
    public var allowedNetworks: [IPNetwork]

    public init(allowedNetworks: [IPNetwork] = []) {
        self.allowedNetworks = allowedNetworks
    }

    /// Why a request may not go to `address`; nil when it may. An IPv6
    /// address that carries an IPv4 one the network routes to (NAT64,
    /// IPv4-translated, 6to4) is judged as that IPv4 address, allowances
    /// included: `64:ff9b::127.0.0.1` reaches this machine as surely as
    /// `127.0.0.1` does.
    public func refusal(for address: IPAddress) -> String? {
        if allowedNetworks.contains(where: { $0.contains(address) }) { return nil }
        let embedded = Self.embeddedIPv4s(address)
        guard embedded.isEmpty else {
            for inner in embedded {
                if let reason = refusal(for: inner) { return "\(address) carries \(inner), which is refused: \(reason)" }
            }
            return nil
        }
        guard let kind = Self.specialPurpose(address) else { return nil }
        return "\(address) is a \(kind) address (OUTBOUND_ALLOW_PRIVATE may allow its network)"
    }

    /// Why a URL's host may not be asked, when that is known without
    /// resolving it (an address literal, `localhost`); nil otherwise.
    public func refusal(forHost host: String) -> String? {
        let lowered = host.lowercased().trimmingSuffix(".")
        if lowered == "localhost" || lowered.hasSuffix(".localhost") {
            return refusal(for: IPAddress("127.0.0.1")!).map { _ in "\(host) is this machine (loopback)" }
        }
        return IPAddress(lowered).flatMap(refusal(for:))
    }

    /// The kind of special-purpose block `address` lies in (RFC 6890 and
    /// its successors), nil for a global unicast address.
    public static func specialPurpose(_ address: IPAddress) -> String? {
        if address.bytes.count == 4 { return ipv4Blocks.first { $0.0.contains(address) }?.1 }
        if let kind = embeddedIPv4s(address).lazy.compactMap(specialPurpose).first { return "\(kind) (inside an IPv6 address)" }
        return ipv6Blocks.first { $0.0.contains(address) }?.1
    }

    /// The IPv4 addresses an IPv6 one carries where the network would route
    /// to them; empty for any other. (IPv4-mapped addresses, `::ffff:0:0/96`,
    /// never get here: `IPAddress` folds them to IPv4 however it is made.)
    static func embeddedIPv4s(_ address: IPAddress) -> [IPAddress] {
        let bytes = address.bytes
        guard bytes.count == 16 else { return [] }
        func inner(_ indices: [Int]) -> IPAddress { IPAddress(bytes: indices.map { bytes[$0] })! }
        func zero(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0 } }
        let last = Array(12..<16)
        // IPv4-translated, ::ffff:0:0:0/96 (RFC 2765, SIIT).
        if zero(0..<8), bytes[8] == 0xff, bytes[9] == 0xff, zero(10..<12) { return [inner(last)] }
        // NAT64's well-known prefix, 64:ff9b::/96 (RFC 6052): always /96.
        if bytes.prefix(12).elementsEqual([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]) { return [inner(last)] }
        // NAT64 for local use, 64:ff9b:1::/48 (RFC 8215): the site picks a
        // prefix of 48 to 96 bits, and each length puts the IPv4 address
        // elsewhere (RFC 6052 §2.2, bits 64 to 71 skipped). Which one this
        // site uses is not known here, so every place is judged; a shorter
        // place that reads 0.0.0.0/8 is the zeros of a longer prefix
        // showing through (64:ff9b:1::8.8.8.8), not an address anyone asks.
        if bytes.prefix(6).elementsEqual([0, 0x64, 0xff, 0x9b, 0, 1]) {
            let shorter = [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12]].map(inner).filter { $0.bytes[0] != 0 }
            return shorter + [inner(last)]
        }
        // 6to4, 2002::/16.
        if bytes[0] == 0x20, bytes[1] == 0x02 { return [inner([2, 3, 4, 5])] }
        // IPv4-compatible, ::/96 (deprecated), but for :: and ::1.
        if zero(0..<12), !zero(12..<15) || bytes[15] > 1 { return [inner(last)] }
        return []
    }

    private static let ipv4Blocks: [(IPNetwork, String)] = [
        ("0.0.0.0/8", "this-network"), ("10.0.0.0/8", "private"), ("100.64.0.0/10", "shared (carrier NAT)"), ("127.0.0.0/8", "loopback"),
        ("169.254.0.0/16", "link-local"), ("172.16.0.0/12", "private"), ("192.0.0.0/24", "protocol-assignment"), ("192.0.2.0/24", "documentation"),
        ("192.88.99.0/24", "relay"), ("192.168.0.0/16", "private"), ("198.18.0.0/15", "benchmarking"), ("198.51.100.0/24", "documentation"),
        ("203.0.113.0/24", "documentation"), ("224.0.0.0/4", "multicast"), ("240.0.0.0/4", "reserved"),
    ].map { (IPNetwork($0.0)!, $0.1) }

    private static let ipv6Blocks: [(IPNetwork, String)] = [
        ("::/128", "unspecified"), ("::1/128", "loopback"), ("100::/64", "discard"), ("2001::/23", "protocol-assignment"),
        ("2001:db8::/32", "documentation"), ("3fff::/20", "documentation"), ("fc00::/7", "unique-local"), ("fe80::/10", "link-local"),
        ("fec0::/10", "site-local"), ("ff00::/8", "multicast"),
    ].map { (IPNetwork($0.0)!, $0.1) }
}
