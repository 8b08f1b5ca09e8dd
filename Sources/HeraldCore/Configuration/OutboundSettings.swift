/// What Herald may ask on someone's behalf (see `OutboundPolicy`): the
/// networks inside that it may reach anyway, and the push services beyond
/// the browsers' own that Web Push subscriptions may name.
public struct OutboundSettings: Sendable, Equatable {
    public var policy: OutboundPolicy
    /// `WEBPUSH_ALLOWED_HOSTS`: domains added to the known push services.
    public var webPushHosts: [String]

    public init(policy: OutboundPolicy = OutboundPolicy(), webPushHosts: [String] = []) {
        self.policy = policy
        self.webPushHosts = webPushHosts
    }

    /// The rule a Web Push subscription's endpoint must meet.
    public var webPushEndpoints: WebPushEndpoints { WebPushEndpoints(extraHosts: webPushHosts, outbound: policy) }

    init(text: @escaping (String) -> String?) throws {
        let (networks, invalid) = IPNetwork.parseList(text("OUTBOUND_ALLOW_PRIVATE") ?? "")
        guard invalid.isEmpty else {
            throw ConfigurationError("OUTBOUND_ALLOW_PRIVATE", "not an IP address or CIDR block: \(invalid.joined(separator: ", "))")
        }
        var hosts: [String] = []
        for entry in (text("WEBPUSH_ALLOWED_HOSTS") ?? "").split(separator: ",").map({ $0.trimmingWhitespace().lowercased() }) where !entry.isEmpty {
            guard !entry.contains("/"), !entry.contains(" "), !entry.contains("*") else {
                throw ConfigurationError("WEBPUSH_ALLOWED_HOSTS", "expected host names (each allows its subdomains too), got '\(entry)'")
            }
            hosts.append(entry)
        }
        self.init(policy: OutboundPolicy(allowedNetworks: networks), webPushHosts: hosts)
    }
}
