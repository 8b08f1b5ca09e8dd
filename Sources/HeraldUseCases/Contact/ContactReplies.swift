import Foundation
import HeraldCore
import Logging

/// An answer to a text (issue 42): from a number verified as someone's,
/// holding the code of a text sent to them in the last hours, it
/// acknowledges that notification as that person through the one
/// `Acknowledgements` use case (the same responder rule, write-back,
/// withdrawals and escalation stop); a second reply changes nothing.
/// Anything else (an unknown number, no code, a wrong one) changes
/// nothing and is braked per number, so codes cannot be guessed.
public struct ContactReplies: Sendable {
    public typealias Store = ContactStore & AccountStore
    let store: any Store
    let acknowledgements: Acknowledgements
    let codes: @Sendable () async throws -> ContactReplyCode
    let window: TimeInterval
    let clock: WallClock
    /// Replies per number: 10 at once, then one a minute.
    let perNumber = KeyedBuckets<String>(perSecond: 1.0 / 60, burst: 10)

    public init(
        store: any Store, acknowledgements: Acknowledgements, codes: @escaping @Sendable () async throws -> ContactReplyCode, windowHours: Int,
        clock: WallClock
    ) {
        self.store = store
        self.acknowledgements = acknowledgements
        self.codes = codes
        window = TimeInterval(windowHours) * 3600
        self.clock = clock
    }

    public enum Outcome: Sendable, Equatable {
        /// Acknowledged (or found acknowledged already) as this person.
        case acknowledged(NotificationID, by: String, isNew: Bool)
        case unknownNumber
        case noCode
        case noMatch
        case braked
        /// Matched, but the person may not take it (the use case said why).
        case refused(String)
    }

    /// What a text from `sender` saying `text` does.
    public func receive(from sender: String, text: String, kind: ContactKind = .sms, logger: Logger) async throws -> Outcome {
        guard case .success(let number) = ContactAddress.phoneNumber(sender) else { return .unknownNumber }
        if perNumber.take(number, now: clock.now()) != nil {
            logger.notice("text reply braked", metadata: ["from": "\(ContactAddress.hint(number, kind: kind))"])
            return .braked
        }
        let found = ContactReplyCode.codes(in: text)
        guard !found.isEmpty else { return .noCode }
        let owners = try await store.verifiedContacts(kind: kind, address: number)
        guard !owners.isEmpty else {
            logger.notice("text reply from a number no one verified", metadata: ["from": "\(ContactAddress.hint(number, kind: kind))"])
            return .unknownNumber
        }
        let maker = try await codes()
        let since = clock.now().addingTimeInterval(-window)
        for owner in owners {
            guard let device = owner.deviceID else { continue }
            for notification in try await store.contactedNotifications(deviceIDs: [device], since: since, limit: 100)
            where found.contains(maker.code(notification: notification, user: owner.userID)) {
                do {
                    let (acknowledgement, isNew) = try await acknowledgements.acknowledge(
                        fromReplyOf: owner, notification: notification, comment: "by text reply", logger: logger
                    )
                    return .acknowledged(notification, by: acknowledgement.username, isNew: isNew)
                } catch let error as UseCaseError {
                    logger.notice("text reply refused", metadata: ["notification": "\(notification)", "why": "\(error)"])
                    return .refused(error.description)
                }
            }
        }
        return .noMatch
    }
}
