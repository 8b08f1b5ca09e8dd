import Foundation
import HeraldCore
import Logging

/// An admin links an account to another sign-in method, so that a login
/// through that method with the account's name reaches it (see
/// `AccountBinding`), or removes such a link. The web page and `herald user
/// link` both come here.
public struct AccountLinks: Sendable {
    let store: any AccountStore
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any AccountStore & AuditStore, clock: WallClock) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// Links `username`'s account to `origin` (for `oidc`, the provider's
    /// `issuer` and the person's `subject` there, required: a link by name
    /// alone would go to whoever first signed in through the provider with
    /// that name, and a provider that lets people choose their names hands
    /// it to anyone).
    @discardableResult
    public func link(
        username: String, origin: AccountOrigin, issuer: String?, subject: String?, by administrator: AccountAdministrator, logger: Logger
    ) async throws -> AccountIdentity {
        try administrator.mustManageUsers()
        let account = try await self.account(username)
        let identity = try Self.identity(origin: origin, issuer: issuer, subject: subject)
        guard account.origin != .demo else { throw UseCaseError.invalid(field: "user", "the demo account is never linked to another sign-in method") }
        do {
            guard try await store.link(userID: account.id, identity, at: clock.now()) else { throw UseCaseError.notFound("User") }
        } catch StoreError.conflict {
            throw UseCaseError.conflict("that subject of \(identity.issuer) is bound to another account")
        }
        logger.notice("sign-in method linked to an account", metadata: ["user": "\(account.username)", "identity": "\(identity.description)", "by": "\(administrator.name)"])
        await audit.record(.linkAdded, by: administrator.auditWho, target: "user \(account.username)", after: AuditTrail.json(["identity": identity.description]), logger: logger)
        return identity
    }

    /// Removes the account's link to `origin` (and `issuer`).
    public func unlink(username: String, origin: AccountOrigin, issuer: String?, by administrator: AccountAdministrator, logger: Logger) async throws {
        try administrator.mustManageUsers()
        let account = try await self.account(username)
        let identity = try Self.method(origin: origin, issuer: issuer)
        guard try await store.unlink(userID: account.id, origin: identity.origin, issuer: identity.issuer) else {
            throw UseCaseError.notFound("Link")
        }
        logger.notice("sign-in method unlinked from an account", metadata: ["user": "\(account.username)", "origin": "\(origin.rawValue)", "by": "\(administrator.name)"])
        await audit.record(.linkRemoved, by: administrator.auditWho, target: "user \(account.username)", before: AuditTrail.json(["identity": identity.description]), logger: logger)
    }

    private func account(_ username: String) async throws -> User {
        guard let account = try await store.user(named: username.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw UseCaseError.notFound("User")
        }
        return account
    }

    /// The identity a link names, checked: for OpenID Connect, with its subject.
    static func identity(origin: AccountOrigin, issuer: String?, subject: String?) throws -> AccountIdentity {
        let method = try method(origin: origin, issuer: issuer)
        guard origin == .oidc else { return method }
        guard let subject = subject?.trimmingCharacters(in: .whitespaces), !subject.isEmpty else {
            throw UseCaseError.invalid(
                field: "subject",
                "an OpenID link names the person's subject (`sub`) at the provider: by name alone it would go to whoever signs in first with that name"
            )
        }
        guard subject.count <= 255, !TextRules.hasControlCharacter(subject) else {
            throw UseCaseError.invalid(field: "subject", "a subject has 1 to 255 characters, no control characters")
        }
        return AccountIdentity(origin: .oidc, issuer: method.issuer, subject: subject)
    }

    /// The method a link or its removal names, checked (an OpenID link's
    /// issuer, without a subject).
    static func method(origin: AccountOrigin, issuer: String?) throws -> AccountIdentity {
        guard AccountIdentity.linkableOrigins.contains(origin) else {
            throw UseCaseError.invalid(field: "origin", "an account is linked to ldap, url or oidc; a local password belongs to its account already")
        }
        guard origin == .oidc else { return AccountIdentity(origin: origin) }
        let issuer = issuer?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let url = URL(string: issuer), ["https", "http"].contains(url.scheme?.lowercased() ?? ""), url.host != nil, issuer.count <= 1_000 else {
            throw UseCaseError.invalid(field: "issuer", "an OpenID link names its provider's issuer, the https URL its ID tokens carry in `iss`")
        }
        return AccountIdentity(origin: .oidc, issuer: issuer)
    }
}
