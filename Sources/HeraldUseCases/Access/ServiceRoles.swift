import Foundation
import HeraldCore
import Logging

/// Who holds which role of a service (issue 41), as its owners and admins
/// grant and revoke them. An owner may hand the service to its team (and
/// so may lose it by revoking their own grant); a confined account is
/// never granted anything.
public struct ServiceRoles: Sendable {
    let store: any AccessStore & AccountStore & ServiceStore
    let visibility: ServiceVisibility
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail
    /// Someone who loses their role of a private service loses its subscription.
    let subscriptions: TeamSubscriptions

    public init(store: any AccessStore & AccountStore & ServiceStore & FilterStore & AuditStore, visibility: ServiceVisibility, clock: WallClock) {
        self.store = store
        self.visibility = visibility
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        subscriptions = TeamSubscriptions(store: store, clock: clock)
    }

    public func grants(of serviceID: UUID, for actor: Actor) async throws -> [RoleGrant] {
        try actor.must(.manage(.roles, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.roleGrants(serviceID: serviceID)
    }

    /// Grants `role` to the account named `username` or the team `teamID`.
    public func grant(_ role: ServiceRole, of serviceID: UUID, to grantee: GranteeName, by actor: Actor, logger: Logger) async throws -> RoleGrant {
        try actor.must(.manage(.roles, of: serviceID))
        let (resolved, name) = try await grantee.resolve(in: store, visibility: visibility)
        guard try await store.grantRole(role, of: serviceID, to: resolved, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info("role granted", metadata: ["service": "\(serviceID.wireString)", "role": "\(role.rawValue)", "to": "\(name)", "by": "\(actor.username)"])
        await audit.record(
            .roleGranted, by: actor.auditWho, service: serviceID, target: "\(role.rawValue) role", after: AuditTrail.json([resolved.kind: name]), logger: logger
        )
        return RoleGrant(serviceID: serviceID, role: role, grantee: resolved, granteeName: name)
    }

    public func revoke(_ role: ServiceRole, of serviceID: UUID, from grantee: Grantee, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.roles, of: serviceID))
        let name = try await store.roleGrants(serviceID: serviceID).first { $0.role == role && $0.grantee == grantee }?.granteeName
        guard try await store.revokeRole(role, of: serviceID, from: grantee) else { throw UseCaseError.notFound("Grant") }
        logger.info("role revoked", metadata: ["service": "\(serviceID.wireString)", "role": "\(role.rawValue)", "from": "\(grantee)", "by": "\(actor.username)"])
        if try await store.service(id: serviceID)?.isPrivate == true { try await subscriptions.settleSubscribers(of: serviceID) }
        await audit.record(
            .roleRevoked, by: actor.auditWho, service: serviceID, target: "\(role.rawValue) role", before: AuditTrail.json([grantee.kind: name ?? ""]), logger: logger
        )
    }
}
