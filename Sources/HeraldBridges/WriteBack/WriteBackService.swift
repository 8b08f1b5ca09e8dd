import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Prometheus
import ServiceLifecycle

/// Tells alarm sources what Herald's people did: an acknowledgement becomes
/// an Alertmanager silence or a Phoebus acknowledge command; a withdrawal or
/// the alarm's resolution undoes it. The rows wait in the store (written
/// with the acknowledgement, so none is lost) and are claimed under a
/// lease, so any replica may run this and each is done once; a failed try
/// backs off (5 s doubling, at most 10 minutes) and is shown on the
/// notification's delivery report. Never blocks an acknowledgement.
///
/// Alertmanager sends no receiver the resolution of a silenced alert, so
/// while Herald's silence holds it looks every `watchInterval` whether
/// Alertmanager still lists the alert; once it does not (or lists a new
/// firing of it), Herald receives the resolution Alertmanager would have
/// sent (`resolutions`), which updates the notification and expires the
/// silence as a sent one would.
public struct WriteBackService: Service {
    let store: any WriteBackStore & ServiceWriteBackStore & NotificationStore & AcknowledgementStore & AlertStateStore
    let http: OutboundHTTP
    /// Nil in a process without the Kafka bridge's library.
    let phoebus: (any PhoebusCommandSender)?
    let clock: WallClock
    let logger: Logger
    let metrics: WriteBackMetrics
    /// Who claims: unique per process, so a lapsed claim is told apart.
    let owner = "write-back-\(UUID().uuidString.prefix(8))"
    /// What the Phoebus command says the acknowledgement came from.
    let host: String
    /// Receives an Alertmanager report (the webhook's way in) for a service.
    let resolutions: @Sendable (_ serviceID: UUID, _ report: AlertReport) async throws -> Void
    /// How often a held silence's alert is looked at.
    let watchInterval: TimeInterval
    public var timeout: TimeAmount = .seconds(10)
    public var tick: Duration = .milliseconds(500)

    public init(
        store: any WriteBackStore & ServiceWriteBackStore & NotificationStore & AcknowledgementStore & AlertStateStore, http: OutboundHTTP,
        phoebus: (any PhoebusCommandSender)?, clock: WallClock, registry: PrometheusCollectorRegistry, logger: Logger, watchInterval: TimeInterval,
        host: String = ProcessInfo.processInfo.hostName, resolutions: @escaping @Sendable (_ serviceID: UUID, _ report: AlertReport) async throws -> Void
    ) {
        self.watchInterval = watchInterval
        self.resolutions = resolutions
        self.store = store
        self.http = http
        self.phoebus = phoebus
        self.clock = clock
        self.logger = logger
        self.metrics = WriteBackMetrics(registry: registry)
        self.host = host
    }

    public func run() async throws {
        while !Task.isCancelled {
            do {
                try await runDue()
            } catch {
                // Cancelled (another service failed): no warning, the loop ends.
                if Task.isCancelled { return }
                logger.warning("write-backs could not be claimed now; trying again", metadata: ["error": "\(error)"])
            }
            let pause = tick
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                return
            }
        }
    }

    /// Tries every due write-back once.
    public func runDue() async throws {
        let now = clock.now()
        for record in try await store.claimWriteBacks(owner: owner, limit: 20, until: now.addingTimeInterval(120), now: now) {
            // One row's trouble (the database for a moment) leaves the others to go on; its claim lapses and it is tried again.
            do {
                try await attempt(record)
            } catch {
                logger.warning("a write-back's outcome could not be recorded now", metadata: ["notification": "\(record.notificationID)", "error": "\(error)"])
            }
        }
    }

    func attempt(_ record: WriteBackRecord) async throws {
        guard let notification = try await store.notification(id: record.notificationID) else { return }
        let target = try await store.serviceWriteBack(serviceID: notification.serviceID)
        guard record.needsTry(at: clock.now()) else { return try await watch(record, notification: notification, target: target) }
        let step = WriteBackStep.next(for: record, target: target)
        let targetName = target?.name ?? "none"
        let outcome: Result<Done, WriteBackFailure>
        do {
            outcome = .success(try await perform(step, record: record, notification: notification, target: target))
        } catch {
            outcome = .failure((error as? WriteBackFailure) ?? Self.reason(error))
        }
        switch outcome {
        case .success(let done):
            // A held silence is watched for the resolution it mutes.
            var watched = false
            if case .alertmanager? = target { watched = record.wanted == .acknowledged && done.reference != nil }
            try await store.finishWriteBack(
                record.notificationID, owner: owner, achieved: record.wanted, reference: done.reference, detail: done.detail,
                watchAt: watched ? clock.now().addingTimeInterval(watchInterval) : nil, snapshot: done.snapshot, at: clock.now()
            )
            metrics.count(target: targetName, outcome: "done")
            logger.info("write-back done", metadata: ["notification": "\(record.notificationID)", "goal": "\(record.wanted.rawValue)", "target": "\(targetName)"])
        case .failure(let reason):
            var retryAt: Date?
            if case .retry = reason { retryAt = clock.now().addingTimeInterval(min(600, 5 * pow(2, Double(min(record.attempts, 10))))) }
            try await store.failWriteBack(record.notificationID, owner: owner, detail: reason.description, retryAt: retryAt, at: clock.now())
            metrics.count(target: targetName, outcome: retryAt == nil ? "refused" : "retry")
            logger.warning(
                "write-back failed",
                metadata: [
                    "notification": "\(record.notificationID)", "goal": "\(record.wanted.rawValue)", "target": "\(targetName)", "error": "\(reason)",
                    "retrying": "\(retryAt != nil)",
                ]
            )
        }
    }

    /// What a step left at the source: what Herald holds there, a note,
    /// and the alert as listed (for the watch).
    struct Done {
        var reference: String?
        var detail: String?
        var snapshot: String?
    }

    /// Does one step.
    func perform(_ step: WriteBackStep, record: WriteBackRecord, notification: NotificationRecord, target: WriteBackTarget?) async throws -> Done {
        switch step {
        case .settle(let reference, let detail):
            return Done(reference: reference, detail: detail)
        case .refuse(let why):
            throw WriteBackFailure.refused(why)
        case .makeSilence:
            guard case .alertmanager(let base, let minutes) = target, let alarm = notification.alarmIdentity, alarm.source == .alertmanager else {
                throw WriteBackFailure.refused("not an Alertmanager alert")
            }
            // An alert kept apart under `fingerprint~digest` is listed by Alertmanager under the fingerprint.
            let identity = alarm.name
            let fingerprint = AlertLabels.fingerprint(ofIdentity: identity)
            let listed = try await request(.GET, AlertmanagerSilences.alertsURL(base: base), body: nil, doing: "reading the alert's labels")
            guard let alert = try AlertmanagerSilences.alert(withFingerprint: fingerprint, in: listed) else {
                // Resolved in Alertmanager before Herald heard: nothing to silence.
                return Done(detail: "the alert was no longer active in Alertmanager; nothing to silence")
            }
            // Only the alert Herald was told of (issue 39): a report with a real
            // alert's fingerprint must not silence that alert.
            let received = try await store.alertLabels(serviceID: notification.serviceID, fingerprint: NotificationRules.storableIdentity(identity))
            if let mismatch = AlertmanagerSilences.mismatch(received: received, listed: alert.labels) { throw WriteBackFailure.refused(mismatch) }
            let acknowledgement = try await store.acknowledgements(of: [record.notificationID])[record.notificationID]
            let now = clock.now()
            let body = AlertmanagerSilences.silence(
                labels: alert.labels, from: now, until: now.addingTimeInterval(Double(minutes) * 60),
                createdBy: AlertmanagerSilences.createdBy(acknowledgement?.username ?? "someone"),
                comment: AlertmanagerSilences.comment(acknowledgement, notificationID: record.notificationID)
            )
            let answer = try await request(.POST, AlertmanagerSilences.silencesURL(base: base), body: body, doing: "making the silence")
            let id = try AlertmanagerSilences.silenceID(in: answer)
            return Done(reference: id, detail: "silence \(id) until \(Timestamp.wireString(now.addingTimeInterval(Double(minutes) * 60)))Z", snapshot: alert.json)
        case .expireSilence(let id):
            guard case .alertmanager(let base, _) = target else { throw WriteBackFailure.refused("not an Alertmanager alert") }
            guard let url = AlertmanagerSilences.silenceURL(base: base, id: id) else { return Done(detail: "the stored silence id was not one Alertmanager makes") }
            do {
                _ = try await request(.DELETE, url, body: nil, doing: "expiring the silence")
            } catch let failure as WriteBackFailure where failure.description.contains("not found") || failure.description.contains("answered 404") {
                // Deleted at Alertmanager already (0.25 answers 500 "silence not found"): the goal holds.
                return Done(detail: "silence \(id) was already gone")
            }
            return Done(detail: "silence \(id) expired")
        case .sendCommand(let acknowledge):
            guard let phoebus else { throw WriteBackFailure.refused("this process cannot send Kafka messages (built without the bridge)") }
            guard let alarm = notification.alarmIdentity, alarm.source == .phoebus else { throw WriteBackFailure.refused("not a Phoebus alarm") }
            let acknowledgement = try await store.acknowledgements(of: [record.notificationID])[record.notificationID]
            let path = alarm.name
            guard let command = PhoebusCommand(acknowledge: acknowledge, path: path, user: acknowledgement?.username ?? "herald", host: host) else {
                throw WriteBackFailure.refused("'\(path)' names no alarm configuration")
            }
            do {
                try await phoebus.send(command)
            } catch {
                throw WriteBackFailure.retry("sending to \(command.topic): \(error)")
            }
            return Done(reference: acknowledge ? "sent" : nil, detail: "\(acknowledge ? "acknowledge" : "unacknowledge") sent on \(command.topic)")
        }
    }

    /// Looks whether Alertmanager still has a silenced alert; tells its
    /// resolution when it does not. A look that fails is tried at the next.
    func watch(_ record: WriteBackRecord, notification: NotificationRecord, target: WriteBackTarget?) async throws {
        let next = clock.now().addingTimeInterval(watchInterval)
        guard case .alertmanager(let base, _) = target, record.wanted == .acknowledged, let snapshot = record.snapshot,
              let alarm = notification.alarmIdentity, alarm.source == .alertmanager
        else { return try await store.watchedWriteBack(record.notificationID, owner: owner, watchAt: nil, at: clock.now()) }
        let fingerprint = AlertLabels.fingerprint(ofIdentity: alarm.name)
        do {
            let listed = try await request(.GET, AlertmanagerSilences.alertsURL(base: base), body: nil, doing: "looking for the silenced alert")
            let now = try AlertmanagerSilences.alert(withFingerprint: fingerprint, in: listed)
            if let now, now.startsAt == AlertmanagerSilences.startsAt(ofListing: snapshot) {
                return try await store.watchedWriteBack(record.notificationID, owner: owner, watchAt: next, at: clock.now())
            }
            // Gone (or firing anew): the episode Herald silenced is over.
            guard let payload = AlertmanagerSilences.resolution(ofListing: snapshot, at: clock.now(), base: base) else {
                return try await store.watchedWriteBack(record.notificationID, owner: owner, watchAt: nil, at: clock.now())
            }
            try await resolutions(notification.serviceID, try AlertReport.decode(payload))
            logger.info("a silenced alert resolved; its resolution told", metadata: ["notification": "\(record.notificationID)"])
            try await store.watchedWriteBack(record.notificationID, owner: owner, watchAt: nil, at: clock.now())
        } catch {
            logger.warning("could not look at a silenced alert; looking again", metadata: ["notification": "\(record.notificationID)", "error": "\(error)"])
            try await store.watchedWriteBack(record.notificationID, owner: owner, watchAt: next, at: clock.now())
        }
    }

    func request(_ method: HTTPMethod, _ url: String, body: Data?, doing: String) async throws -> Data {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: body))
        }
        let response = try await http.execute(request, timeout: timeout)
        let answer = Data(buffer: try await response.body.collect(upTo: 16 * 1024 * 1024))
        if let failure = AlertmanagerSilences.failure(status: Int(response.status.code), body: answer, doing: doing) { throw failure }
        return answer
    }

    /// An error from the transport: the policy's refusal is for good, the rest (a refused connection, a timeout) passes.
    static func reason(_ error: any Error) -> WriteBackFailure {
        if let refusal = error as? OutboundRefusal { return .refused("\(refusal)") }
        return .retry("\(error)")
    }
}

/// `/metrics`: write-back tries by target and outcome (done, retry, refused).
struct WriteBackMetrics: Sendable {
    let registry: PrometheusCollectorRegistry

    init(registry: PrometheusCollectorRegistry) { self.registry = registry }

    func count(target: String, outcome: String) {
        registry.makeCounter(
            descriptor: .init(
                metricName: "herald_write_backs_total", unitName: "",
                helpText: "Tries to tell an alarm's source of an acknowledgement (a silence, a Phoebus command), by target and outcome."
            ),
            labels: [("target", target), ("outcome", outcome)]
        ).increment()
    }
}
