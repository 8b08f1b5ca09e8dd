import Foundation
import HeraldCore
import Logging

/// Contact methods as a `PushProvider` (issue 42): the worker claims a
/// contact device's messages from the one queue like any push, with its
/// retries, outcomes, report and metrics; this finds each method's address
/// and hands the messages to the channel (texts, email).
///
/// No one is messaged twice for one message: each is marked as handed over
/// (`ContactStore.beginContactSends`) before the channel sees it, and a
/// message found marked (its worker died before writing the outcome) is
/// recorded as failed, not sent again. The mark is taken back only when
/// the provider surely did not take it (`GatewayAnswer.retry`).
public struct ContactMessageProvider: PushProvider {
    let channel: any ContactChannel
    let store: any ContactStore
    let keys: @Sendable () async throws -> VAPID
    /// For the signed acknowledge links (nil: none in messages).
    let publicURL: String?
    let logger: Logger

    public var platform: Platform { channel.platform }

    public init(
        channel: any ContactChannel, store: any ContactStore, keys: @escaping @Sendable () async throws -> VAPID, publicURL: String?, logger: Logger
    ) {
        self.channel = channel
        self.store = store
        self.keys = keys
        self.publicURL = publicURL
        self.logger = logger
    }

    public func warmUp() async throws { try await channel.warmUp() }

    public func unsendableToken(_ delivery: ClaimedDelivery) -> String? {
        delivery.token.flatMap(Platform.contactMethodID(fromToken:)) == nil ? "not a contact method's device" : nil
    }

    public func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt] {
        let methods = deliveries.map { $0.token.flatMap(Platform.contactMethodID(fromToken:)) }
        let addresses: [Int64: String]
        let vapid: VAPID
        let fresh: Set<DeliveryID>
        do {
            addresses = try await store.contactAddresses(methodIDs: Array(Set(methods.compactMap { $0 })))
            vapid = try await keys()
            fresh = try await store.beginContactSends(deliveries.map(\.id), at: now)
        } catch {
            return deliveries.map { _ in PushAttempt(.retry(reason: "\(channel.name): the database could not be read (\(error))", minimumDelay: 5)) }
        }
        let codes = ContactReplyCode(vapid: vapid)
        let links = AcknowledgeCapability(vapid: vapid)
        var answers = [PushAttempt?](repeating: nil, count: deliveries.count)
        var messages: [ContactMessage] = []
        var sentIndices: [Int] = []
        for (index, delivery) in deliveries.enumerated() {
            guard let method = methods[index], let address = addresses[method] else {
                answers[index] = PushAttempt(.fail(reason: "\(channel.name): the contact method was removed or is not verified"))
                continue
            }
            guard fresh.contains(delivery.id) else {
                answers[index] = PushAttempt(.fail(reason: "\(channel.name): handed over before a restart, outcome unknown: not sent twice"))
                continue
            }
            var message = ContactMessage(delivery: delivery, address: address)
            if let user = delivery.userID {
                message.replyCode = codes.code(notification: delivery.notification.id, user: user)
                if let publicURL, let device = delivery.deviceID {
                    let token = links.token(.init(notificationID: delivery.notification.id, deviceID: device, userID: user, issuedAt: now))
                    message.acknowledgeURL = publicURL + "/acknowledge/" + token
                }
            }
            messages.append(message)
            sentIndices.append(index)
        }
        if !messages.isEmpty {
            let started = ContinuousClock.now
            let channelAnswers = await channel.send(messages)
            let latency = ContinuousClock.now - started
            var abandoned: [DeliveryID] = []
            for (position, index) in sentIndices.enumerated() {
                let answer = position < channelAnswers.count ? channelAnswers[position] : .uncertain(reason: "no answer")
                switch answer {
                case .accepted:
                    answers[index] = PushAttempt(.sent, latency: latency)
                case .retry(let reason, let after):
                    abandoned.append(deliveries[index].id)
                    answers[index] = PushAttempt(.retry(reason: "\(channel.name): \(reason)", minimumDelay: after), latency: latency)
                case .refused(let reason):
                    answers[index] = PushAttempt(.fail(reason: "\(channel.name): \(reason)"), latency: latency)
                case .uncertain(let reason):
                    answers[index] = PushAttempt(.fail(reason: "\(channel.name): \(reason); it may have been sent, so it is not sent again"))
                }
            }
            do {
                try await store.abandonContactSends(abandoned)
            } catch {
                // Kept marked: their retries will be recorded as failed rather than risk a second message.
                logger.warning("cannot unmark messages to retry; they will not be sent again", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
        return answers.map { $0 ?? PushAttempt(.fail(reason: "\(channel.name): not sent")) }
    }
}
