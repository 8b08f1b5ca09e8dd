import Crypto
import Foundation
import HeraldCore
import Hummingbird
import Logging

/// Who may post to a service: a sender on an allowlisted network, or one
/// presenting one of the service's bearer tokens.
struct SenderAuthorization: Sendable {
    let ingress: IngressPolicy
    let store: any ServiceStore
    let clock: WallClock

    func check(_ request: Request, context: HeraldRequestContext, serviceID: UUID) async throws {
        if let bearer = Self.bearer(request), try await store.useServiceToken(serviceID: serviceID, tokenHash: Self.hash(bearer), at: clock.now()) {
            return
        }
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        guard ingress.allows(peer: context.remoteAddress, forwardedFor: forwarded) else {
            context.logger.warning("post refused: address not allowed and no valid service token", metadata: ["peer": "\(context.remoteAddress?.ipAddress ?? "unknown")"])
            throw APIError(.forbidden, "IP address not allowed")
        }
    }

    /// The client's address: the peer, or what trusted proxies say it is.
    func client(of request: Request, context: HeraldRequestContext) -> IPAddress? {
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        return ingress.clientAddress(peer: context.remoteAddress?.ipAddress.flatMap { IPAddress($0) }, forwardedFor: forwarded)
    }

    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// Tokens are stored as SHA-256: they are long random strings, so a fast
    /// hash is enough, and the database never holds a usable token.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).hexEncoded
    }

    /// A new token: a recognisable prefix and 32 random bytes.
    static func newToken() -> String {
        "hrld_" + RandomHex.bytes(32)
    }
}
