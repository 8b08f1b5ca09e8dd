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
public struct WriteBackService: Service {
    let store: any WriteBackStore & ServiceWriteBackStore & NotificationStore & AcknowledgementStore
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
    public var timeout: TimeAmount = .seconds(10)
    public var tick: Duration = .milliseconds(500)

    public init(
        store: any WriteBackStore & ServiceWriteBackStore & NotificationStore & AcknowledgementStore, http: OutboundHTTP,
        phoebus: (any PhoebusCommandSender)?, clock: WallClock, registry: PrometheusCollectorRegistry, logger: Logger,
        host: String = ProcessInfo.processInfo.hostName
    ) {
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
            try await attempt(record)
        }
    }

    func attempt(_ record: WriteBackRecord) async throws {
        guard let notification = try await store.notification(id: record.notificationID) else { return }
        let target = try await store.serviceWriteBack(serviceID: notification.serviceID)
        let step = WriteBackStep.next(for: record, target: target)
        let targetName = target?.name ?? "none"
        let outcome: Result<(reference: String?, detail: String?), WriteBackFailure>
        do {
            outcome = .success(try await perform(step, record: record, notification: notification, target: target))
        } catch {
            outcome = .failure((error as? WriteBackFailure) ?? Self.reason(error))
        }
        switch outcome {
        case .success(let done):
            try await store.finishWriteBack(
                record.notificationID, owner: owner, achieved: record.wanted, reference: done.reference, detail: done.detail, at: clock.now()
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

    /// Does one step; the reference the source now holds and a note.
    func perform(
        _ step: WriteBackStep, record: WriteBackRecord, notification: NotificationRecord, target: WriteBackTarget?
    ) async throws -> (reference: String?, detail: String?) {
        switch step {
        case .settle(let reference, let detail):
            return (reference, detail)
        case .refuse(let why):
            throw WriteBackFailure.refused(why)
        case .makeSilence:
            guard case .alertmanager(let base, let minutes) = target, let key = notification.key, key.hasPrefix(AlarmKeys.alertPrefix) else {
                throw WriteBackFailure.refused("not an Alertmanager alert")
            }
            let fingerprint = String(key.dropFirst(AlarmKeys.alertPrefix.count))
            let listed = try await request(.GET, AlertmanagerSilences.alertsURL(base: base), body: nil, doing: "reading the alert's labels")
            guard let labels = try AlertmanagerSilences.labels(ofFingerprint: fingerprint, in: listed) else {
                // Resolved in Alertmanager before Herald heard: nothing to silence.
                return (nil, "the alert was no longer active in Alertmanager; nothing to silence")
            }
            let acknowledgement = try await store.acknowledgements(of: [record.notificationID])[record.notificationID]
            let now = clock.now()
            let body = AlertmanagerSilences.silence(
                labels: labels, from: now, until: now.addingTimeInterval(Double(minutes) * 60),
                createdBy: AlertmanagerSilences.createdBy(acknowledgement?.username ?? "someone"),
                comment: AlertmanagerSilences.comment(acknowledgement, notificationID: record.notificationID)
            )
            let answer = try await request(.POST, AlertmanagerSilences.silencesURL(base: base), body: body, doing: "making the silence")
            let id = try AlertmanagerSilences.silenceID(in: answer)
            return (id, "silence \(id) until \(Timestamp.wireString(now.addingTimeInterval(Double(minutes) * 60)))Z")
        case .expireSilence(let id):
            guard case .alertmanager(let base, _) = target else { throw WriteBackFailure.refused("not an Alertmanager alert") }
            guard let url = AlertmanagerSilences.silenceURL(base: base, id: id) else { return (nil, "the stored silence id was not one Alertmanager makes") }
            do {
                _ = try await request(.DELETE, url, body: nil, doing: "expiring the silence")
            } catch WriteBackFailure.refused(let detail) where detail.contains("answered 404") {
                // Expired or deleted at Alertmanager already: the goal holds.
                return (nil, "silence \(id) was already gone")
            }
            return (nil, "silence \(id) expired")
        case .sendCommand(let acknowledge):
            guard let phoebus else { throw WriteBackFailure.refused("this process cannot send Kafka messages (built without the bridge)") }
            guard let key = notification.key, key.hasPrefix(AlarmKeys.phoebusPrefix) else { throw WriteBackFailure.refused("not a Phoebus alarm") }
            let acknowledgement = try await store.acknowledgements(of: [record.notificationID])[record.notificationID]
            let path = String(key.dropFirst(AlarmKeys.phoebusPrefix.count))
            guard let command = PhoebusCommand(acknowledge: acknowledge, path: path, user: acknowledgement?.username ?? "herald", host: host) else {
                throw WriteBackFailure.refused("'\(path)' names no alarm configuration")
            }
            do {
                try await phoebus.send(command)
            } catch {
                throw WriteBackFailure.retry("sending to \(command.topic): \(error)")
            }
            return (acknowledge ? "sent" : nil, "\(acknowledge ? "acknowledge" : "unacknowledge") sent on \(command.topic)")
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
