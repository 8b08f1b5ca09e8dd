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
    let store: any ContactStore & AcknowledgementStore & ContactFollowUpStore & LanguageStore
    let keys: @Sendable () async throws -> VAPID
    /// For the signed acknowledge links (nil: none in messages).
    let publicURL: String?
    /// Messages per person and for the site in 24 hours.
    let capPerPerson: Int
    let cap: Int
    /// When a Pushover emergency's receipt, a Matrix message's reactions, are first read.
    let pushover: PushoverSettings?
    let matrix: MatrixSettings?
    /// For people who chose no language.
    let defaultLanguage: Language
    let logger: Logger

    public var platform: Platform { channel.platform }

    public init(
        channel: any ContactChannel, store: any ContactStore & AcknowledgementStore & ContactFollowUpStore & LanguageStore, keys: @escaping @Sendable () async throws -> VAPID, publicURL: String?,
        capPerPerson: Int = 50, cap: Int = 2_000, pushover: PushoverSettings? = nil, matrix: MatrixSettings? = nil, defaultLanguage: Language = .en, logger: Logger
    ) {
        self.defaultLanguage = defaultLanguage
        self.pushover = pushover
        self.matrix = matrix
        self.capPerPerson = capPerPerson
        self.cap = cap
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

    /// Messages handed over at a time: each group is marked just before it
    /// goes, so a process killed mid-batch loses at most one group's outcome
    /// (recorded as failed, never sent twice), not the batch's.
    static let handOverGroup = 8

    public func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt] {
        let methods = deliveries.map { $0.token.flatMap(Platform.contactMethodID(fromToken:)) }
        let addresses: [Int64: String]
        let vapid: VAPID
        var sent: (perUser: [UserID: Int], total: Int)
        var languages: [UserID: Language]
        do {
            addresses = try await store.contactAddresses(methodIDs: Array(Set(methods.compactMap { $0 })))
            vapid = try await keys()
            sent = try await store.contactSends(platform: platform, since: now.addingTimeInterval(-86_400), userIDs: Array(Set(deliveries.compactMap(\.userID))))
            languages = try await store.languages(of: deliveries.compactMap(\.userID))
        } catch {
            return deliveries.map { _ in PushAttempt(.retry(reason: "\(channel.name): the database could not be read (\(error))", minimumDelay: 5)) }
        }
        let codes = ContactReplyCode(vapid: vapid)
        let links = AcknowledgeCapability(vapid: vapid)
        var answers = [PushAttempt?](repeating: nil, count: deliveries.count)
        var candidates: [(index: Int, message: ContactMessage)] = []
        for (index, delivery) in deliveries.enumerated() {
            guard let method = methods[index], let address = addresses[method] else {
                answers[index] = PushAttempt(.fail(reason: "\(channel.name): the contact method was removed or is not verified"))
                continue
            }
            // The daily caps (CONTACT_DAILY_CAP_PER_PERSON, CONTACT_DAILY_CAP): what a flood of posts can cost.
            // Critical messages and calls have the same again in reserve, so routine texts cannot use up what an alarm needs.
            let person = delivery.userID.map { sent.perUser[$0, default: 0] } ?? 0
            let urgent = delivery.purpose == .call || DeliveryPriority.isUrgent(delivery.purpose.treatedSeverity(delivery.notification.severity))
            let reserve = urgent ? 2 : 1
            guard person < capPerPerson * reserve, sent.total < cap * reserve else {
                answers[index] = PushAttempt(
                    .fail(reason: person >= capPerPerson * reserve
                        ? "\(channel.name): over its daily cap of \(capPerPerson * reserve) for one person (CONTACT_DAILY_CAP_PER_PERSON)"
                        : "\(channel.name): over the site's daily cap of \(cap * reserve) (CONTACT_DAILY_CAP)")
                )
                continue
            }
            if let user = delivery.userID { sent.perUser[user, default: 0] += 1 }
            sent.total += 1
            var message = ContactMessage(delivery: delivery, address: address)
            message.language = delivery.userID.flatMap { languages[$0] } ?? defaultLanguage
            message.handedAt = now
            if let user = delivery.userID {
                message.replyCode = codes.code(notification: delivery.notification.id, user: user)
                if let publicURL, let device = delivery.deviceID {
                    let token = links.token(.init(notificationID: delivery.notification.id, deviceID: device, userID: user, issuedAt: now))
                    message.acknowledgeURL = publicURL + "/acknowledge/" + token
                    message.acknowledgeActionURL = publicURL + "/api/v2/acknowledge/" + token
                }
            }
            candidates.append((index, message))
        }
        for start in stride(from: 0, to: candidates.count, by: Self.handOverGroup) {
            let group = Array(candidates[start..<min(start + Self.handOverGroup, candidates.count)])
            for (index, answer) in await handOver(group, now: now) { answers[index] = answer }
        }
        return answers.map { $0 ?? PushAttempt(.fail(reason: "\(channel.name): not sent")) }
    }

    /// Marks a group as handed over, reads the acknowledgements once more
    /// (a text for an alarm taken since the claim is not sent), sends what
    /// is left, and says what became of each.
    private func handOver(_ group: [(index: Int, message: ContactMessage)], now: Date) async -> [(Int, PushAttempt)] {
        let fresh: Set<DeliveryID>
        let taken: Set<NotificationID>
        do {
            fresh = try await store.beginContactSends(group.map(\.message.delivery.id), at: now)
            taken = Set(try await store.acknowledgements(of: Array(Set(group.map(\.message.delivery.notification.id)))).keys)
        } catch {
            return group.map { ($0.index, PushAttempt(.retry(reason: "\(channel.name): the database could not be read (\(error))", minimumDelay: 5))) }
        }
        var results: [(Int, PushAttempt)] = []
        var going: [(index: Int, message: ContactMessage)] = []
        for candidate in group {
            let delivery = candidate.message.delivery
            if !fresh.contains(delivery.id) {
                results.append((candidate.index, PushAttempt(.fail(reason: "\(channel.name): handed over before a restart, outcome unknown: not sent twice"))))
            } else if taken.contains(delivery.notification.id) {
                results.append((candidate.index, PushAttempt(.withheld(reason: "acknowledged before it went out: kept for the inbox"))))
            } else {
                going.append(candidate)
            }
        }
        guard !going.isEmpty else { return results }
        // Followed messages are kept before they go: a crash after the send cannot lose their follow-up.
        let followUps = going.compactMap { Self.followUp($0.message, now: now, pushover: pushover, matrix: matrix) }
        do {
            try await store.recordFollowUps(followUps)
        } catch {
            // Sent all the same: only its later change (an ntfy message cleared, a Pushover emergency stopped) is lost.
            logger.warning("cannot keep messages to follow; they will not be changed when the alarm ends", metadata: ["error": "\(String(reflecting: error))"])
        }
        let started = ContinuousClock.now
        let channelAnswers = await channel.send(going.map(\.message))
        let latency = ContinuousClock.now - started
        var abandoned: [DeliveryID] = []
        var unsent: [DeliveryID] = []
        var receipts: [(DeliveryID, String)] = []
        for (position, candidate) in going.enumerated() {
            let answer = Self.scrubbed(position < channelAnswers.count ? channelAnswers[position] : .uncertain(reason: "no answer"), candidate.message)
            switch answer {
            case .accepted, .acceptedWithReceipt:
                results.append((candidate.index, PushAttempt(.sent, latency: latency)))
                if case .acceptedWithReceipt(let receipt) = answer { receipts.append((candidate.message.delivery.id, receipt)) }
            case .retry(let reason, let after):
                abandoned.append(candidate.message.delivery.id)
                unsent.append(candidate.message.delivery.id)
                results.append((candidate.index, PushAttempt(.retry(reason: "\(channel.name): \(reason)", minimumDelay: after), latency: latency)))
            case .refused(let reason):
                unsent.append(candidate.message.delivery.id)
                results.append((candidate.index, PushAttempt(.fail(reason: "\(channel.name): \(reason)"), latency: latency)))
            case .uncertain(let reason):
                results.append((candidate.index, PushAttempt(.fail(reason: "\(channel.name): \(reason); it may have been sent, so it is not sent again"))))
            }
        }
        do {
            // Not sent: nothing to follow. Sent with a receipt: read it. (One that may have gone is followed all the same.)
            if !followUps.isEmpty { try await store.finishFollowUps(unsent) }
            for (delivery, receipt) in receipts { try await store.setFollowUpReceipt(delivery, receipt: receipt) }
        } catch {
            // A Pushover emergency without its receipt is still cancelled (by its tag) when its alarm ends.
            logger.warning("cannot keep what the provider answered for followed messages", metadata: ["error": "\(String(reflecting: error))"])
        }
        do {
            try await store.abandonContactSends(abandoned)
        } catch {
            // Kept marked: their retries will be recorded as failed rather than risk a second message.
            logger.warning("cannot unmark messages to retry; they will not be sent again", metadata: ["error": "\(String(reflecting: error))"])
        }
        return results
    }

    /// The follow-up of a message about to go (issue 43), as
    /// `ContactFollowUpDecision.follows` says; its receipt comes later.
    static func followUp(_ message: ContactMessage, now: Date, pushover: PushoverSettings?, matrix: MatrixSettings?) -> ContactFollowUp? {
        let delivery = message.delivery
        guard delivery.platform.isContact, let user = delivery.userID,
            let method = delivery.token.flatMap(Platform.contactMethodID(fromToken:)),
            ContactFollowUpDecision.follows(delivery.platform, message: PhoneAppSending.compose(message, link: nil))
        else { return nil }
        return ContactFollowUp(
            deliveryID: delivery.id, platform: delivery.platform, notificationID: delivery.notification.id, userID: user, methodID: method, receipt: nil,
            sentAt: now, nextCheckAt: ContactFollowUpDecision.firstCheck(delivery.platform, sentAt: now, pushover: pushover, matrix: matrix),
            answersBack: delivery.acknowledgeable
        )
    }

    /// The answer with the message's address taken out of its words.
    static func scrubbed(_ answer: GatewayAnswer, _ message: ContactMessage) -> GatewayAnswer {
        let kind = message.delivery.platform.contactKind ?? .sms
        func clean(_ text: String) -> String { ContactAddress.scrub(text, address: message.address, kind: kind) }
        switch answer {
        case .accepted: return .accepted
        case .acceptedWithReceipt(let receipt): return .acceptedWithReceipt(receipt)
        case .retry(let reason, let after): return .retry(reason: clean(reason), after: after)
        case .refused(let reason): return .refused(reason: clean(reason))
        case .uncertain(let reason): return .uncertain(reason: clean(reason))
        }
    }
}
