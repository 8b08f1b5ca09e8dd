import Foundation
import HeraldCore
import Logging

/// Texts as a `PushProvider` (issue 42): the worker claims a contact
/// device's messages from the one queue like any push, with its retries,
/// outcomes, report and metrics; this turns each into a text to the
/// method's number through the site's gateway.
///
/// No one is texted twice for one message: each is marked as handed over
/// (`ContactStore.beginContactSends`) before the gateway sees it, and a
/// message found marked (its worker died before writing the outcome) is
/// recorded as failed, not sent again. The mark is taken back only when
/// the gateway surely did not take the text (`GatewayAnswer.retry`).
public struct ContactMessageProvider: PushProvider {
    public let platform = Platform.sms
    let gateway: any SMSGateway
    let store: any ContactStore
    let replyCodes: @Sendable () async throws -> ContactReplyCode
    let logger: Logger

    public init(gateway: any SMSGateway, store: any ContactStore, replyCodes: @escaping @Sendable () async throws -> ContactReplyCode, logger: Logger) {
        self.gateway = gateway
        self.store = store
        self.replyCodes = replyCodes
        self.logger = logger
    }

    public func warmUp() async throws { try await gateway.warmUp() }

    public func unsendableToken(_ delivery: ClaimedDelivery) -> String? {
        delivery.token.flatMap(Platform.contactMethodID(fromToken:)) == nil ? "not a contact method's device" : nil
    }

    public func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt] {
        let methods = deliveries.map { $0.token.flatMap(Platform.contactMethodID(fromToken:)) }
        let addresses: [Int64: String]
        let codes: ContactReplyCode
        let fresh: Set<DeliveryID>
        do {
            addresses = try await store.contactAddresses(methodIDs: Array(Set(methods.compactMap { $0 })))
            codes = try await replyCodes()
            fresh = try await store.beginContactSends(deliveries.map(\.id), at: now)
        } catch {
            return deliveries.map { _ in PushAttempt(.retry(reason: "\(gateway.name): the database could not be read (\(error))", minimumDelay: 5)) }
        }
        var answers = [PushAttempt?](repeating: nil, count: deliveries.count)
        var texts: [OutgoingText] = []
        var sentIndices: [Int] = []
        for (index, delivery) in deliveries.enumerated() {
            guard let method = methods[index], let address = addresses[method] else {
                answers[index] = PushAttempt(.fail(reason: "\(gateway.name): the contact method was removed or is not verified"))
                continue
            }
            guard fresh.contains(delivery.id) else {
                answers[index] = PushAttempt(.fail(reason: "\(gateway.name): handed over before a restart, outcome unknown: not sent twice"))
                continue
            }
            let answer = delivery.userID.map { ContactReplyCode.invitation(codes.code(notification: delivery.notification.id, user: $0)) }
            let record = delivery.notification
            let severity = delivery.purpose.treatedSeverity(record.severity)
            let body = SMSText.compose(severity: severity, service: "", title: record.title, text: record.draft.subtitle, answer: answer)
            texts.append(OutgoingText(reference: "herald-\(delivery.id)", to: address, body: body))
            sentIndices.append(index)
        }
        if !texts.isEmpty {
            let started = ContinuousClock.now
            let gatewayAnswers = await gateway.send(texts)
            let latency = ContinuousClock.now - started
            var abandoned: [DeliveryID] = []
            for (position, index) in sentIndices.enumerated() {
                let answer = position < gatewayAnswers.count ? gatewayAnswers[position] : .uncertain(reason: "no answer")
                switch answer {
                case .accepted:
                    answers[index] = PushAttempt(.sent, latency: latency)
                case .retry(let reason, let after):
                    abandoned.append(deliveries[index].id)
                    answers[index] = PushAttempt(.retry(reason: "\(gateway.name): \(reason)", minimumDelay: after), latency: latency)
                case .refused(let reason):
                    answers[index] = PushAttempt(.fail(reason: "\(gateway.name): \(reason)"), latency: latency)
                case .uncertain(let reason):
                    answers[index] = PushAttempt(.fail(reason: "\(gateway.name): \(reason); it may have been sent, so it is not sent again"))
                }
            }
            do {
                try await store.abandonContactSends(abandoned)
            } catch {
                // Kept marked: their retries will be recorded as failed rather than risk a second text.
                logger.warning("cannot unmark texts to retry; they will not be sent again", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
        return answers.map { $0 ?? PushAttempt(.fail(reason: "\(gateway.name): not sent")) }
    }
}
