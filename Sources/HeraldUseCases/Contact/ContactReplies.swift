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
    /// Misses per number (an unknown number, no matching code): 5, then one
    /// every 10 minutes. A forged sender guessing codes gets about 150 a
    /// day against the few open alarms texted to that person.
    let misses = MissBrake(perSecond: 1.0 / 600, burst: 5)

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

    /// A key pressed on a call (issue 42), as Twilio's signed callback names
    /// it: the number called, the notification, the person and the method
    /// the call was for. 1 takes the alarm as that person, if a call for it
    /// went to that verified number in the window; anything else nothing.
    public func pressed(
        _ digits: String, on number: String, notification: NotificationID, user: UserID, method methodID: Int64, mac: String, logger: Logger
    ) async throws -> Outcome {
        guard digits == "1" else { return .noCode }
        // The action's own MAC (the reply code: only Herald makes it): a URL signed by Twilio but not made by Herald names nothing.
        guard Self.same(mac, try await codes().code(notification: notification, user: user)) else { return .noMatch }
        guard case .success(let called) = ContactAddress.phoneNumber(number),
            let method = try await store.verifiedContacts(kind: .voice, address: called).first(where: { $0.id == methodID && $0.userID == user }),
            let device = method.deviceID
        else { return .unknownNumber }
        let since = clock.now().addingTimeInterval(-window)
        guard let sent = try await store.contactedNotifications(deviceIDs: [device], since: since, limit: 100).first(where: { $0.id == notification }) else {
            return .noMatch
        }
        do {
            let (acknowledgement, isNew) = try await acknowledgements.acknowledge(
                fromReplyOf: method, notification: sent.id, sentAt: sent.sentAt, comment: "by a keypress on a call", logger: logger
            )
            return .acknowledged(sent.id, by: acknowledgement.username, isNew: isNew)
        } catch let error as UseCaseError {
            logger.notice("keypress refused", metadata: ["notification": "\(sent.id)", "why": "\(error)"])
            return .refused(error.description)
        }
    }

    /// Equal, compared in constant time.
    public static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        return x.count == y.count && zip(x, y).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
    }

    /// What a text from `sender` saying `text` does. Only misses are
    /// charged to the number's brake; once they are spent, every reply from
    /// it waits for the next (judging them would tell a guesser which code
    /// is right). One code per reply; only texts of alarms still open
    /// count, which keeps the codes a guess can hit few.
    public func receive(from sender: String, text: String, kind: ContactKind = .sms, logger: Logger) async throws -> Outcome {
        guard case .success(let number) = ContactAddress.phoneNumber(sender) else { return .unknownNumber }
        let brakeKey = "\(kind.rawValue) \(number)"
        // A try is taken before the reply is judged (concurrent replies cannot all be judged on one token) and given back on a hit.
        if misses.take(brakeKey, now: clock.now()) != nil {
            logger.notice("text reply braked: too many misses from this number", metadata: ["from": "\(ContactAddress.hint(number, kind: kind))"])
            return .braked
        }
        let outcome = try await judge(code: text, number: number, kind: kind, logger: logger)
        switch outcome {
        case .acknowledged, .refused: misses.giveBack(brakeKey)
        default: break
        }
        return outcome
    }

    private func judge(code text: String, number: String, kind: ContactKind, logger: Logger) async throws -> Outcome {
        guard let code = ContactReplyCode.codes(in: text).first else { return .noCode }
        let owners = try await store.verifiedContacts(kind: kind, address: number)
        guard !owners.isEmpty else {
            logger.notice("text reply from a number no one verified", metadata: ["from": "\(ContactAddress.hint(number, kind: kind))"])
            return .unknownNumber
        }
        let maker = try await codes()
        let since = clock.now().addingTimeInterval(-window)
        var refusal: String?
        for owner in owners {
            guard let device = owner.deviceID else { continue }
            let texted = try await store.contactedNotifications(deviceIDs: [device], since: since, limit: 100)
            let open = try await acknowledgements.unacknowledged(texted.map(\.id))
            for sent in texted where maker.code(notification: sent.id, user: owner.userID) == code {
                guard open.contains(sent.id) else {
                    // Taken already (by them or another): nothing to change, and no miss.
                    return .acknowledged(sent.id, by: try await acknowledgements.taker(of: sent.id) ?? "", isNew: false)
                }
                do {
                    let (acknowledgement, isNew) = try await acknowledgements.acknowledge(
                        fromReplyOf: owner, notification: sent.id, sentAt: sent.sentAt, comment: "by text reply", logger: logger
                    )
                    return .acknowledged(sent.id, by: acknowledgement.username, isNew: isNew)
                } catch let error as UseCaseError {
                    logger.notice("text reply refused", metadata: ["notification": "\(sent.id)", "why": "\(error)"])
                    refusal = error.description
                }
            }
        }
        if let refusal { return .refused(refusal) }
        return .noMatch
    }
}

/// A brake charged a try before each reply is judged, and given it back on a hit: misses are what it counts.
final class MissBrake: Sendable {
    let buckets: KeyedBuckets<String>

    init(perSecond: Double, burst: Int) {
        buckets = KeyedBuckets(perSecond: perSecond, burst: burst)
    }

    /// One try charged; the wait when none was left.
    func take(_ key: String, now: Date) -> Int? {
        buckets.take(key, now: now)
    }

    /// A try given back (it was a hit).
    func giveBack(_ key: String) {
        buckets.giveBack(key)
    }
}
