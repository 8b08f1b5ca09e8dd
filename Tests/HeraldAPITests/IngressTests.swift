import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing

@testable import HeraldAPI

@Suite("Ingress allowlist")
struct IngressTests {
    /// Over a real socket, so the peer address is the one the kernel reports.
    @Test(arguments: Backend.allCases)
    func theAllowlistChecksThePeerNotAForgeableHeader(_ backend: Backend) async throws {
        try await TestApp.run(backend, framework: .live, configure: { $0.allowedNetworks = [IPNetwork("10.0.0.0/8")!] }) { app in
            let service = try await app.createService()
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            let refused = try await app.request(.post, path, json: ["title": "t"], headers: [.init("X-Forwarded-For")!: "10.1.2.3"])
            #expect(refused.status == .forbidden)
            #expect(refused.detail == "IP address not allowed")
            // Refused before the service lookup: outsiders learn nothing.
            let unknown = try await app.request(.post, "/api/v2/services/\(UUID().uuidString)/notifications", json: ["title": "t"])
            #expect(unknown.status == .forbidden)
        }
        try await TestApp.run(backend, framework: .live, configure: { $0.allowedNetworks = [IPNetwork("127.0.0.0/8")!, IPNetwork("::1")!] }) { app in
            let service = try await app.createService()
            let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "t"])
            #expect(posted.status == .created)
        }
    }

    @Test func forwardedForCountsOnlyBehindTrustedProxies() async throws {
        try await TestApp.run(.sqlite, framework: .live, configure: { config in
            config.allowedNetworks = [IPNetwork("192.0.2.0/24")!, IPNetwork("2001:db8:1::/48")!]
            config.trustedProxies = [IPNetwork("127.0.0.1")!, IPNetwork("::1")!, IPNetwork("198.51.100.7")!, IPNetwork("2001:db8:ff::/48")!]
        }) { app in
            let service = try await app.createService()
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            func post(_ forwarded: String) async throws -> Int {
                try await app.request(.post, path, json: ["title": "t"], headers: [.init("X-Forwarded-For")!: forwarded]).status.code
            }
            #expect(try await post("192.0.2.10") == 201)
            #expect(try await post("192.0.2.10, 198.51.100.7") == 201, "a trusted proxy hop is skipped")
            #expect(try await post("192.0.2.10, 203.0.113.9") == 403, "the right-most untrusted hop is the client")
            #expect(try await post("garbage") == 403)
            #expect(try await post("2001:db8:1::5") == 201, "an IPv6 client")
            #expect(try await post("[2001:db8:1::5]") == 201, "a bracketed IPv6 client")
            #expect(try await post("203.0.113.9, 192.0.2.10, 2001:db8:ff::1, 198.51.100.7") == 201, "several trusted hops, IPv4 and IPv6, are skipped")
            #expect(try await post("192.0.2.10, 2001:db8:2::1, 198.51.100.7") == 403, "an untrusted IPv6 hop is the client")
            #expect(try await post("192.0.2.10, , 198.51.100.7") == 403, "an empty hop ends the trusted chain")
            // A trusted proxy that names no client is refused, never taken for the client.
            let bare = try await app.request(.post, path, json: ["title": "t"])
            #expect(bare.status == .forbidden)
            #expect(bare.detail == "IP address not allowed")
        }
    }

    /// Over IPv6 loopback (Herald listening on ::1, a real client): the peer
    /// is ::1, which an IPv4 allowlist does not admit and an IPv6 one does;
    /// behind ::1 as a trusted proxy, IPv6 hops are read right to left.
    @Test func anIPv6PeerAndIPv6ForwardedHopsOverRealHTTP() async throws {
        @Sendable func post(_ port: Int, _ service: ServiceRecord, forwarded: String? = nil) async throws -> (Int, String) {
            var request = HTTPClientRequest(url: "http://[::1]:\(port)/api/v2/services/\(service.id.uuidString)/notifications")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            if let forwarded { request.headers.add(name: "X-Forwarded-For", value: forwarded) }
            request.body = .bytes(ByteBuffer(string: #"{"title": "t"}"#))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 1 << 16)
            return (Int(response.status.code), String(buffer: body))
        }
        let draft = ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops")
        try await TestApp.serving(.sqlite, configure: { $0.httpHost = "::1"; $0.allowedNetworks = [IPNetwork("127.0.0.0/8")!] }) { store, port in
            let (status, body) = try await post(port, try await store.createService(draft))
            #expect(status == 403 && body.contains("IP address not allowed"), "\(body)")
        }
        try await TestApp.serving(.sqlite, configure: { $0.httpHost = "::1"; $0.allowedNetworks = [IPNetwork("::1")!, IPNetwork("2001:db8:1::/48")!] }) { store, port in
            let (status, body) = try await post(port, try await store.createService(draft))
            #expect(status == 201 && body.contains(#""title":"t""#), "\(body)")
        }
        try await TestApp.serving(.sqlite, configure: { config in
            config.httpHost = "::1"
            config.allowedNetworks = [IPNetwork("2001:db8:1::/48")!]
            config.trustedProxies = [IPNetwork("::1")!, IPNetwork("2001:db8:ff::/48")!]
        }) { store, port in
            let service = try await store.createService(draft)
            #expect(try await post(port, service, forwarded: "2001:db8:1::5, 2001:db8:ff::2, 2001:db8:ff::1").0 == 201, "two trusted IPv6 hops, then the client")
            #expect(try await post(port, service, forwarded: "2001:db8:1::5, 2001:db8:9::9, 2001:db8:ff::1").0 == 403, "an untrusted hop is the client")
            #expect(try await post(port, service).0 == 403, "the proxy named no client")
        }
    }

    @Test func policyEdgeCases() {
        let policy = IngressPolicy(allowedNetworks: [IPNetwork("10.0.0.0/8")!, IPNetwork("2001:db8::/32")!], trustedProxies: [IPNetwork("127.0.0.1/32")!])
        let proxy = try! SocketAddress(ipAddress: "127.0.0.1", port: 1)
        #expect(policy.allows(peer: try! SocketAddress(ipAddress: "10.9.9.9", port: 1), forwardedFor: []))
        #expect(policy.allows(peer: try! SocketAddress(ipAddress: "::ffff:10.9.9.9", port: 1), forwardedFor: []))
        #expect(policy.allows(peer: try! SocketAddress(ipAddress: "2001:db8::1", port: 1), forwardedFor: []))
        #expect(!policy.allows(peer: try! SocketAddress(ipAddress: "11.0.0.1", port: 1), forwardedFor: ["10.0.0.1"]))
        #expect(policy.allows(peer: proxy, forwardedFor: ["10.0.0.1"]))
        #expect(policy.allows(peer: proxy, forwardedFor: ["1.1.1.1", "10.0.0.1"]), "several headers are read as one list")
        #expect(!policy.allows(peer: proxy, forwardedFor: []), "a proxy itself is not in the allowlist")
        // Even a proxy inside the allowlist does not stand in for a client it does not name.
        let inside = IngressPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!], trustedProxies: [IPNetwork("127.0.0.1/32")!])
        #expect(!inside.allows(peer: proxy, forwardedFor: []))
        #expect(!inside.allows(peer: proxy, forwardedFor: [" "]))
        #expect(inside.allows(peer: proxy, forwardedFor: ["127.0.0.2"]))
        #expect(inside.allows(peer: try! SocketAddress(ipAddress: "127.0.0.2", port: 1), forwardedFor: []), "a direct client needs no header")
        #expect(!policy.allows(peer: nil, forwardedFor: ["10.0.0.1"]))
        #expect(IngressPolicy(allowedNetworks: [], trustedProxies: []).allows(peer: nil, forwardedFor: []), "an empty allowlist allows all")
    }
}
