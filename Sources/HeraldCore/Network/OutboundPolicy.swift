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

    /// Why a request may not go to `address`; nil when it may.
    public func refusal(for address: IPAddress) -> String? {
        guard let kind = Self.specialPurpose(address) else { return nil }
        if allowedNetworks.contains(where: { $0.contains(address) }) { return nil }
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
        if let embedded = embeddedIPv4(address) { return specialPurpose(embedded).map { "\($0) (inside an IPv6 address)" } }
        return ipv6Blocks.first { $0.0.contains(address) }?.1
    }

    /// The IPv4 address an IPv6 one carries where the network would route
    /// to it: NAT64 (64:ff9b::/96), 6to4 (2002::/16), IPv4-compatible.
    static func embeddedIPv4(_ address: IPAddress) -> IPAddress? {
        let bytes = address.bytes
        if bytes.prefix(12) == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return IPAddress(bytes: Array(bytes.suffix(4))) }
        if bytes.prefix(2) == [0x20, 0x02] { return IPAddress(bytes: Array(bytes[2..<6])) }
        if bytes.prefix(12).allSatisfy({ $0 == 0 }), bytes.suffix(4) != [0, 0, 0, 0], bytes.suffix(4) != [0, 0, 0, 1] {
            return IPAddress(bytes: Array(bytes.suffix(4)))
        }
        return nil
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
