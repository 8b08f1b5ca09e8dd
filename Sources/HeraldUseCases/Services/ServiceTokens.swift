import Foundation
import HeraldCore
import Logging

/// A service's tokens for senders outside the allowlist (its owners and admins): issued with a name, shown once, revoked by id, each
/// logged with the admin's name, from the API and the admin page alike;
/// and a sender's bearer token checked, its use recorded.
public struct ServiceTokens: Sendable {
    public static let maxNameLength = 256

    let store: any ServiceStore
    let clock: WallClock
    let audit: AuditTrail

    public init(store: any ServiceStore & AuditStore, clock: WallClock) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// A new token and its secret (the only time the secret is known).
    public func issue(named name: String, for serviceID: UUID, by actor: Actor, logger: Logger) async throws -> (token: ServiceToken, secret: String) {
        try actor.must(.manage(.tokens, of: serviceID))
        if let problem = TextRules.problem(name, maxLength: Self.maxNameLength, allowEmpty: false) {
            throw UseCaseError.rejected([FieldProblem(field: "name", message: problem.message, type: problem.type)])
        }
        let secret = ServiceToken.newSecret()
        guard let token = try await store.createServiceToken(serviceID: serviceID, name: name, tokenHash: ServiceToken.hash(secret), at: clock.now()) else {
            throw UseCaseError.notFound("Service")
        }
        logger.info("service token created", metadata: ["service": "\(serviceID.wireString)", "token": "\(token.id)", "by": "\(actor.username)"])
        await audit.record(
            .tokenIssued, by: actor.auditWho, service: serviceID, target: "token \(token.id)", after: AuditTrail.json(["id": "\(token.id)", "name": token.name]),
            logger: logger
        )
        return (token, secret)
    }

    /// Whether `bearer` is one of the service's tokens; a match is recorded
    /// as the token's last use (shown to admins beside it).
    public func admits(bearer: String, to serviceID: UUID) async throws -> Bool {
        try await store.useServiceToken(serviceID: serviceID, tokenHash: ServiceToken.hash(bearer), at: clock.now())
    }

    /// The service's tokens (never their secrets).
    public func list(of serviceID: UUID, for actor: Actor) async throws -> [ServiceToken] {
        try actor.must(.manage(.tokens, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.serviceTokens(serviceID: serviceID)
    }

    public func revoke(_ id: Int64, of serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.tokens, of: serviceID))
        let name = try await store.serviceTokens(serviceID: serviceID).first { $0.id == id }?.name
        guard try await store.deleteServiceToken(serviceID: serviceID, id: id) else { throw UseCaseError.notFound("Token") }
        logger.info("service token revoked", metadata: ["service": "\(serviceID.wireString)", "token": "\(id)", "by": "\(actor.username)"])
        await audit.record(
            .tokenRevoked, by: actor.auditWho, service: serviceID, target: "token \(id)", before: AuditTrail.json(["id": "\(id)", "name": name ?? ""]),
            logger: logger
        )
    }
}
