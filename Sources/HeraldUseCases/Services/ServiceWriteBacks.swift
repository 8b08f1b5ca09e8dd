import Foundation
import HeraldCore
import Logging

/// Where a service's acknowledgements are sent back (an Alertmanager's
/// silences, or the Phoebus alarm server's command topic), set by its owners or an admin:
/// checked and stored once for the API and the admin page, with an audit
/// line naming who. The Alertmanager is asked as any outbound request is
/// (`OutboundPolicy`): one inside the network needs its network in
/// OUTBOUND_ALLOW_PRIVATE, so a typed address cannot reach what the site
/// did not allow.
public struct ServiceWriteBacks: Sendable {
    let store: any ServiceStore & ServiceWriteBackStore
    let outbound: OutboundPolicy
    /// Whether this site has a Kafka bridge to send Phoebus commands over.
    let hasKafka: Bool
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail
    /// ALLOWED_NETWORKS is empty: anyone may post to a service without a token.
    let receiversOpen: Bool

    public init(
        store: any ServiceStore & ServiceWriteBackStore & AuditStore, outbound: OutboundPolicy, hasKafka: Bool, clock: WallClock, receiversOpen: Bool = false
    ) {
        self.receiversOpen = receiversOpen
        self.store = store
        self.outbound = outbound
        self.hasKafka = hasKafka
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// The service's target; nil when its acknowledgements stay in Herald.
    public func target(of serviceID: UUID, for actor: Actor) async throws -> WriteBackTarget? {
        try actor.must(.manage(.writeBack, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.serviceWriteBack(serviceID: serviceID)
    }

    /// Checks what a client sent (every problem at once) and stores it.
    public func set(
        target name: String, url: String?, silenceMinutes: Int?, on serviceID: UUID, by actor: Actor, logger: Logger
    ) async throws -> WriteBackTarget {
        try actor.must(.manage(.writeBack, of: serviceID))
        let target = try validated(target: name, url: url, silenceMinutes: silenceMinutes)
        // An acknowledgement silences what the service's alert reports name:
        // those reports must not come from just anyone (issue 39).
        if case .alertmanager = target, receiversOpen, try await store.serviceTokens(serviceID: serviceID).isEmpty {
            guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
            throw UseCaseError.conflict(
                "With ALLOWED_NETWORKS empty, anyone could post this service alerts that an acknowledgement would then silence: "
                    + "first create a publish token for it (POST /api/v2/services/\(serviceID.wireString)/tokens) and give it to Alertmanager, "
                    + "or set ALLOWED_NETWORKS"
            )
        }
        let before = try await store.serviceWriteBack(serviceID: serviceID)
        guard try await store.setServiceWriteBack(serviceID: serviceID, target, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info("service write-back set", metadata: ["service": "\(serviceID.wireString)", "write_back": "\(target.json)", "by": "\(actor.username)"])
        await audit.record(.writeBackChanged, by: actor.auditWho, service: serviceID, target: "write-back", before: before?.json, after: target.json, logger: logger)
        return target
    }

    /// Services whose alert reports are refused (403) because they write
    /// back to an Alertmanager while ALLOWED_NETWORKS is empty and they have
    /// no token: set so before issue 39 closed their receivers. Said at
    /// every start, so an upgrade does not drop their alerts in silence.
    public func servicesShutOut(logger: Logger) async throws -> [ServiceRecord] {
        guard receiversOpen else { return [] }
        var shutOut: [ServiceRecord] = []
        for service in try await store.services() {
            let target: WriteBackTarget?
            do {
                target = try await store.serviceWriteBack(serviceID: service.id)
            } catch StoreError.unreadableRow(let why) {
                // Said, not fatal: one unreadable setting must not stop every replica starting.
                logger.error("a service's write-back cannot be read", metadata: ["service": "\(service.id.wireString)", "error": "\(why)"])
                continue
            }
            guard case .alertmanager = target else { continue }
            if try await store.serviceTokens(serviceID: service.id).isEmpty { shutOut.append(service) }
        }
        return shutOut
    }

    /// Acknowledgements stay in Herald from now on (write-backs already
    /// asked for are still finished: a silence made is still expired).
    public func remove(_ serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.writeBack, of: serviceID))
        let before = try await store.serviceWriteBack(serviceID: serviceID)
        guard try await store.setServiceWriteBack(serviceID: serviceID, nil, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info("service write-back removed", metadata: ["service": "\(serviceID.wireString)", "by": "\(actor.username)"])
        await audit.record(.writeBackChanged, by: actor.auditWho, service: serviceID, target: "write-back", before: before?.json, logger: logger)
    }

    func validated(target name: String, url: String?, silenceMinutes: Int?) throws(UseCaseError) -> WriteBackTarget {
        switch name {
        case "alertmanager":
            var problems: [FieldProblem] = []
            let parsed = url.flatMap(URL.init(string:))
            let scheme = parsed?.scheme?.lowercased()
            if let url, url.count <= 2_048, scheme == "http" || scheme == "https", let host = parsed?.host, !host.isEmpty {
                if parsed?.user != nil || parsed?.password != nil {
                    problems.append(FieldProblem(field: "url", message: "Credentials in the URL would be shown to every admin; Herald does not send them"))
                } else if parsed?.query != nil || parsed?.fragment != nil {
                    problems.append(FieldProblem(field: "url", message: "The Alertmanager's base URL takes no query or fragment", type: "url_parsing"))
                } else if let refusal = outbound.refusal(forHost: host) {
                    problems.append(FieldProblem(field: "url", message: "Herald does not ask this address: \(refusal)"))
                }
            } else {
                problems.append(
                    FieldProblem(field: "url", message: "The Alertmanager's base URL should be an http or https URL of at most 2048 characters", type: "url_parsing")
                )
            }
            let minutes = silenceMinutes ?? WriteBackTarget.defaultSilenceMinutes
            let range = WriteBackTarget.silenceMinutesRange
            if !range.contains(minutes) {
                problems.append(
                    FieldProblem(field: "silence_minutes", message: "A silence lasts \(range.lowerBound) to \(range.upperBound) minutes", type: "less_than_equal")
                )
            }
            guard problems.isEmpty, let url else { throw .rejected(problems) }
            return .alertmanager(url: url.hasSuffix("/") ? String(url.dropLast()) : url, silenceMinutes: minutes)
        case "phoebus":
            // Valid input this server cannot act on: its configuration, not the request, is what is missing.
            guard hasKafka else { throw .conflict("Phoebus commands go over the Kafka bridge, and this server has no KAFKA_BROKERS") }
            guard url == nil, silenceMinutes == nil else {
                throw .rejected([FieldProblem(field: url == nil ? "silence_minutes" : "url", message: "A Phoebus write-back takes no URL or silence time")])
            }
            return .phoebus
        default:
            throw .rejected([FieldProblem(field: "target", message: "'\(name.prefix(64))' is not a write-back target; use alertmanager or phoebus", type: "enum")])
        }
    }
}
