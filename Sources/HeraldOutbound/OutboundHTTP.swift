import AsyncHTTPClient
import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The one way Herald makes an HTTP request on someone's behalf (Web Push,
/// feeds, OpenID Connect, the authentication URL): the system's trust roots
/// plus CA_BUNDLE_FILE, no redirect followed unless the caller asks for
/// some (and then each hop is checked again), and the `OutboundPolicy` on
/// the address: before the request, on what the host name resolves to (so
/// most refusals send nothing at all), and when a connection is made, on
/// the address actually connected to (so a name that resolves inside on
/// the second lookup is refused before a request is written).
///
/// The origins the operator named in the settings (`trustedOrigins`: the
/// authentication URL, the OpenID provider, the FCM token endpoint) are
/// trusted at whatever address they resolve to: nobody but the operator
/// chose them. Trust is that host at that port, decided before the request
/// by the URL, never by an address: their requests go through a client of
/// their own, and the other client's connections have no exception at all,
/// so a name that resolves to a trusted host's address, or the trusted host
/// at another port, is held to the policy like any other.
public final class OutboundHTTP: Sendable {
    public let policy: OutboundPolicy
    /// Every request but the trusted origins': the policy holds on each connection.
    let client: HTTPClient
    /// The trusted origins' requests only (nil when there are none).
    let trustedClient: HTTPClient?
    let trustedOrigins: Set<Origin>
    /// Recent answers of the check before a request, by host and port.
    let checked: NIOLockedValueBox<[Origin: (at: NIODeadline, refusal: OutboundRefusal?)]>
    /// How long a host's check is reused (the connect check holds anyway).
    static let checkLifetime: TimeAmount = .seconds(30)
    /// Whether names are resolved and judged before a request (false only
    /// in the test that shows the connection's own check holds alone).
    let checksNamesFirst: Bool

    /// A host (lower-cased, an IPv6 literal without brackets) and port.
    struct Origin: Hashable, Sendable {
        var host: String
        var port: Int

        /// An http or https URL's origin (its scheme's port when it names none).
        init?(url: String) {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let rawHost = parsed.host, !rawHost.isEmpty
            else { return nil }
            host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            port = parsed.port ?? (scheme == "https" ? 443 : 80)
        }
    }

    /// - Parameter trustedOrigins: URLs the operator named; their host at
    ///   their port (the scheme's when none) is trusted wherever it is.
    public init(
        policy: OutboundPolicy, tls: TLSConfiguration = .makeClientConfiguration(), connectTimeout: TimeAmount = .seconds(10), readTimeout: TimeAmount = .seconds(30),
        trustedOrigins: [String] = [], idleTimeout: TimeAmount = .seconds(120), checksNamesFirst: Bool = true
    ) {
        self.policy = policy
        self.checksNamesFirst = checksNamesFirst
        self.trustedOrigins = Set(trustedOrigins.compactMap(Origin.init(url:)))
        checked = NIOLockedValueBox([:])
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: connectTimeout, read: readTimeout)
        )
        configuration.httpVersion = .automatic
        configuration.connectionPool = .init(idleTimeout: idleTimeout)
        trustedClient = self.trustedOrigins.isEmpty
            ? nil : HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
        let guardConnection: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            let remote = channel.remoteAddress?.ipAddress.flatMap { IPAddress($0) }
            guard let remote else {
                channel.close(promise: nil)
                return channel.eventLoop.makeFailedFuture(OutboundRefusal(host: "?", reason: "the connection has no peer address"))
            }
            if let reason = policy.refusal(for: remote) {
                channel.close(promise: nil)
                return channel.eventLoop.makeFailedFuture(OutboundRefusal(host: remote.description, reason: reason))
            }
            return channel.eventLoop.makeSucceededVoidFuture()
        }
        configuration.http1_1ConnectionDebugInitializer = guardConnection
        configuration.http2ConnectionDebugInitializer = guardConnection
        client = HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }

    /// TLS for outbound connections: the system's roots plus `caBundlePEM`.
    public static func tls(caBundlePEM: String?) throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caBundlePEM {
            let roots = try NIOSSLCertificate.fromPEMBytes(Array(caBundlePEM.utf8))
            tls.additionalTrustRoots = [.certificates(roots)]
        }
        return tls
    }

    /// Sends `request` if the policy lets it, following up to `redirects`
    /// redirects (GET only; each target checked as the first was).
    public func execute(_ request: HTTPClientRequest, timeout: TimeAmount, redirects: Int = 0) async throws -> HTTPClientResponse {
        let deadline = NIODeadline.now() + timeout
        var request = request
        var left = redirects
        while true {
            let trusted = try await check(request.url)
            let response = try await (trusted ? trustedClient ?? client : client).execute(request, deadline: deadline)
            guard left > 0, request.method == .GET, [301, 302, 303, 307, 308].contains(response.status.code),
                  let location = response.headers.first(name: "location"),
                  let next = URL(string: location, relativeTo: URL(string: request.url))?.absoluteURL
            else { return response }
            // The redirect's own body is not wanted.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            left -= 1
            request.url = next.absoluteString
        }
    }

    /// Refuses a URL the policy would not let the request reach; true when
    /// it is a trusted origin's (asked wherever it resolves to).
    @discardableResult
    public func check(_ url: String) async throws -> Bool {
        guard let origin = Origin(url: url) else { throw OutboundRefusal(host: url, reason: "only http and https URLs with a host are asked") }
        if trustedOrigins.contains(origin) { return true }
        let host = origin.host
        if let recent = checked.withLockedValue({ $0[origin] }), recent.at > NIODeadline.now() - Self.checkLifetime {
            if let refusal = recent.refusal { throw refusal }
            return false
        }
        var refusal: OutboundRefusal?
        if let literal = IPAddress(host) {
            refusal = policy.refusal(for: literal).map { OutboundRefusal(host: host, reason: $0) }
        } else if !checksNamesFirst {
            return false
        } else if let reason = policy.refusal(forHost: host) {
            refusal = OutboundRefusal(host: host, reason: reason)
        } else {
            // Any address refused refuses the name: the connection may go to any of them.
            let addresses = try await Self.resolve(host, port: origin.port)
            refusal = addresses.lazy.compactMap { address in self.policy.refusal(for: address).map { OutboundRefusal(host: host, reason: $0) } }.first
        }
        checked.withLockedValue { checked in
            if checked.count > 10_000 { checked.removeAll(keepingCapacity: true) }
            checked[origin] = (NIODeadline.now(), refusal)
        }
        if let refusal { throw refusal }
        return false
    }

    /// The addresses a name resolves to: the system resolver, as NIO asks
    /// it when it connects. Started from an event loop, so getaddrinfo runs
    /// on a queue of that loop's own (one that gets a thread even while
    /// the shared pool is busy), never on an event loop itself.
    static func resolve(_ host: String, port: Int) async throws -> [IPAddress] {
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        // getaddrinfo runs once, in the AAAA query; the A query reads its answer.
        let (v6, v4) = try await loop.submit {
            let resolver = NIORandomizedDNSResolver(loop: loop)
            return (resolver.initiateAAAAQuery(host: host, port: port), resolver.initiateAQuery(host: host, port: port))
        }.get()
        let found = ((try? await v6.get()) ?? []) + ((try? await v4.get()) ?? [])
        let addresses = found.compactMap { $0.ipAddress.flatMap { IPAddress($0) } }
        guard !addresses.isEmpty else { throw OutboundRefusal(host: host, reason: "the name does not resolve", isRefusal: false) }
        return addresses
    }

    public func shutdown() async throws {
        // Both, whatever the first says: a client left running stops the process.
        var failure: (any Error)?
        do { try await trustedClient?.shutdown() } catch { failure = error }
        try await client.shutdown()
        if let failure { throw failure }
    }
}

/// A request the outbound policy did not let go (or a name that did not
/// resolve: `isRefusal` false, a failure like any other of the network).
public struct OutboundRefusal: Error, CustomStringConvertible, Sendable {
    public var host: String
    public var reason: String
    public var isRefusal: Bool

    public init(host: String, reason: String, isRefusal: Bool = true) {
        self.host = host
        self.reason = reason
        self.isRefusal = isRefusal
    }

    public var description: String { isRefusal ? "refused to ask \(host): \(reason)" : "\(host): \(reason)" }
}
