import Foundation
import HeraldCore
import NIOCore

/// Who may post notifications without credentials. The client is the TCP
/// peer; X-Forwarded-For counts only when that peer is a trusted proxy, and
/// then the right-most hop that is not itself a trusted proxy is the client
/// (everything left of it could have been written by the client). A request
/// from a trusted proxy that names no readable client has no client address:
/// it fails closed instead of being taken for the proxy itself.
struct IngressPolicy: Sendable {
    let allowedNetworks: [IPNetwork]
    let trustedProxies: [IPNetwork]

    func clientAddress(peer: IPAddress?, forwardedFor: [String]) -> IPAddress? {
        guard let peer else { return nil }
        guard isTrustedProxy(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !hops.isEmpty else { return nil }
        var client = peer
        for hop in hops.reversed() {
            // A hop we cannot read is where the trustworthy chain ends.
            guard let address = IPAddress(hop) else { return nil }
            client = address
            if !isTrustedProxy(address) { return address }
        }
        return client
    }

    func allows(peer: SocketAddress?, forwardedFor: [String]) -> Bool {
        if allowedNetworks.isEmpty { return true }
        guard let client = clientAddress(peer: peer?.ipAddress.flatMap { IPAddress($0) }, forwardedFor: forwardedFor) else { return false }
        return allowedNetworks.contains { $0.contains(client) }
    }

    private func isTrustedProxy(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}
