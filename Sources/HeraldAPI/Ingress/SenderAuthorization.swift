import Foundation
import HeraldCore
import HeraldPublishing
import HeraldUseCases
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// Who may post to a service: a sender on an allowlisted network, or one
/// presenting one of the service's bearer tokens; and how often
/// (`FloodControl`), once it may.
struct SenderAuthorization: Sendable {
    let ingress: IngressPolicy
    let tokens: ServiceTokens
    let brake: PublishBrake
    let refusals: RefusalMetrics
    /// A person posting with their own token (issue 41): the access policy
    /// lets the service's publishers, its owners and admins.
    let people: RequestAuthenticator?
    /// Page services (issue 41) take pages only: no sender posts to one.
    let pages: Pages?

    init(
        ingress: IngressPolicy, tokens: ServiceTokens, brake: PublishBrake, refusals: RefusalMetrics, people: RequestAuthenticator? = nil, pages: Pages? = nil
    ) {
        self.pages = pages
        self.ingress = ingress
        self.tokens = tokens
        self.brake = brake
        self.refusals = refusals
        self.people = people
    }

    /// Throws 403 for a sender that may not post, 429 (with Retry-After) for
    /// one posting faster than its service or its address may. `publishing`
    /// false (a sender reading or cancelling its held notifications) checks
    /// who it is but takes nothing from the publish limits: those requests
    /// publish nothing, and a refusal would count in the service's digest.
    /// `credentialRequired` (a service whose acknowledgements silence alerts
    /// at their source, issue 39): without a token, only an allowlisted
    /// address may post, never "anyone" (ALLOWED_NETWORKS empty).
    func check(
        _ request: Request, context: HeraldRequestContext, serviceID: UUID, publishing: Bool = true, credentialRequired: Bool = false
    ) async throws {
        if let bearer = Self.bearer(request), try await tokens.admits(bearer: bearer, to: serviceID) {
            try await refusePageService(serviceID)
            if publishing { try await brake(request, context: context, serviceID: serviceID) }
            return
        }
        // A service whose acknowledgements silence its alerts' source takes
        // them with one of its tokens only (issue 39), never a person's login.
        if !credentialRequired, Self.bearer(request) != nil, let publisher = try await publisher(request, context: context, serviceID: serviceID) {
            context.logger.info("post by a publisher's own token", metadata: ["service": "\(serviceID.wireString)", "user": "\(publisher.username)"])
            try await refusePageService(serviceID)
            if publishing { try await brake(request, context: context, serviceID: serviceID) }
            return
        }
        if credentialRequired, ingress.allowedNetworks.isEmpty {
            refusals.count(.addressNotAllowed)
            context.logger.warning(
                "alert report refused: the service writes acknowledgements back and the post has none of its tokens",
                metadata: ["service": "\(serviceID.wireString)", "peer": "\(context.remoteAddress?.ipAddress ?? "unknown")"]
            )
            throw APIError(
                .forbidden,
                "This service writes acknowledgements back to its alert source: post its alerts with one of its publish tokens (or from ALLOWED_NETWORKS)"
            )
        }
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        guard ingress.allows(peer: context.remoteAddress, forwardedFor: forwarded) else {
            refusals.count(.addressNotAllowed)
            context.logger.warning("post refused: address not allowed and no valid service token", metadata: ["peer": "\(context.remoteAddress?.ipAddress ?? "unknown")"])
            throw APIError(.forbidden, "IP address not allowed")
        }
        try await refusePageService(serviceID)
        if publishing { try await brake(request, context: context, serviceID: serviceID) }
    }

    /// A team's or rota's page service takes pages only: a sender's post
    /// would skip who may page, the brake and the audit. Asked once the
    /// sender is admitted, so an outsider learns nothing of which ids are
    /// page services and costs no lookup.
    private func refusePageService(_ serviceID: UUID) async throws {
        if let pages, try await pages.isPageService(serviceID) { throw APIError(.forbidden, PagePlan.pagesOnly) }
    }

    /// The person the bearer token is for, when the policy lets them post
    /// to the service; nil for any other token (a stranger's, one that is
    /// no person's), which the address check then judges. A store that
    /// cannot answer is an error, not "no publisher".
    private func publisher(_ request: Request, context: HeraldRequestContext, serviceID: UUID) async throws -> Actor? {
        guard let people else { return nil }
        do {
            let actor = try await people.actor(request, context: context)
            return actor.may(.publish(to: serviceID)) ? actor : nil
        } catch let error as APIError where error.status == .unauthorized || error.status == .forbidden {
            return nil
        }
    }

    private func brake(_ request: Request, context: HeraldRequestContext, serviceID: UUID) async throws {
        guard let refusal = try await brake.admit(serviceID: serviceID, client: client(of: request, context: context)) else { return }
        switch refusal.scope {
        case .service:
            refusals.count(.serviceRate)
            throw APIError(
                .tooManyRequests, "This service is over its rate limit: try again in \(refusal.retryAfter) seconds; its subscribers will be told how many posts were refused",
                headers: [.retryAfter: "\(refusal.retryAfter)"]
            )
        case .sender:
            refusals.count(.senderRate)
            throw APIError(.tooManyRequests, "Too many posts from this address: try again in \(refusal.retryAfter) seconds", headers: [.retryAfter: "\(refusal.retryAfter)"])
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

}
