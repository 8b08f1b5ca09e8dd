import Crypto
import Foundation
import HeraldCore
import Testing

/// The code a text carries for its answer (issue 42): six digits, the same
/// on every replica, another for every person and notification; and the
/// codes a reply holds.
@Suite("Contact reply codes")
struct ContactReplyCodeTests {
    static let key = SymmetricKey(data: Data((0..<32).map { UInt8($0) }))
    static let codes = ContactReplyCode(key: key)

    static func isSixDigits(_ code: String) -> Bool { code.count == 6 && code.allSatisfy { ("0"..."9").contains($0) } }

    @Test func aCodeIsSixDigitsLeadingZerosKept() {
        var all: [String] = []
        for notification in NotificationID(1)...200 {
            for user in UserID(1)...10 { all.append(Self.codes.code(notification: notification, user: user)) }
        }
        #expect(all.allSatisfy(Self.isSixDigits))
        #expect(all.contains { $0.hasPrefix("0") }, "about one in ten starts with 0: padded, not shortened")
        #expect(Set(all).count > 1_990, "2000 codes out of a million: nearly all different")
    }

    @Test func theSameNotificationAndPersonGiveTheSameCodeOnEveryReplica() {
        let other = ContactReplyCode(key: SymmetricKey(data: Data((0..<32).map { UInt8($0) })))
        for (notification, user) in [(NotificationID(1), UserID(1)), (987_654_321, 42), (Int64.max, Int64.max)] {
            #expect(Self.codes.code(notification: notification, user: user) == other.code(notification: notification, user: user))
        }
        let key = P256.Signing.PrivateKey()
        let first = ContactReplyCode(vapid: VAPID(key: key, subject: "mailto:ops@example.org"))
        let second = ContactReplyCode(vapid: VAPID(key: key, subject: "https://herald.example.org"))
        #expect(first.code(notification: 77, user: 5) == second.code(notification: 77, user: 5), "derived from the VAPID key alone")
    }

    @Test func anotherPersonOrNotificationHasAnotherCode() {
        let code = Self.codes.code(notification: 1_000, user: 7)
        let others = (1...50).map { Self.codes.code(notification: 1_000, user: 7 + $0) }
        #expect(!others.contains(code), "another person's code for the same text")
        #expect(Set(others).count == others.count)
        let later = (1...50).map { Self.codes.code(notification: 1_000 + NotificationID($0), user: 7) }
        #expect(!later.contains(code), "the same person's code for another notification")
        // Notification 12 to user 3 and notification 1 to user 23 are two pairs.
        #expect(Self.codes.code(notification: 12, user: 3) != Self.codes.code(notification: 1, user: 23))
        #expect(Self.codes.code(notification: 12, user: 34) != Self.codes.code(notification: 123, user: 4))
    }

    @Test func anotherKeyGivesOtherCodes() {
        let elsewhere = ContactReplyCode(key: SymmetricKey(data: Data(repeating: 0xA5, count: 32)))
        let pairs = (1...20).map { (NotificationID($0), UserID($0 * 3)) }
        let same = pairs.filter { Self.codes.code(notification: $0.0, user: $0.1) == elsewhere.code(notification: $0.0, user: $0.1) }
        #expect(same.isEmpty, "a site's codes cannot be worked out without its key")
        let vapidA = ContactReplyCode(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:a@example.org"))
        let vapidB = ContactReplyCode(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:a@example.org"))
        #expect(pairs.contains { vapidA.code(notification: $0.0, user: $0.1) != vapidB.code(notification: $0.0, user: $0.1) })
    }

    @Test func theInvitationCarriesTheCode() {
        #expect(ContactReplyCode.invitation("042913") == "Reply 042913 to take it.")
    }

    // MARK: reading a reply

    @Test(arguments: [
        ("ack 482913", ["482913"]),
        ("482913", ["482913"]),
        ("OK482913", ["482913"]),
        ("OK 482 913", ["482913"]),
        ("482 913", ["482913"]),
        ("48 29 13", ["482913"]),
        ("482  913", ["482913"]),
        ("ACK 482913, on my way", ["482913"]),
        ("482913\n", ["482913"]),
        ("Ack: 000123!", ["000123"]),
        ("482913 123456", ["482913", "123456"]),
        ("482913 1", ["482913"]),
        ("take 482913 and 111111", ["482913", "111111"]),
    ])
    func aReplysSixDigitCodesAreRead(_ reply: String, _ expected: [String]) {
        #expect(ContactReplyCode.codes(in: reply) == expected)
    }

    @Test(arguments: [
        "12345", "1234567", "ack 48291", "ack 4829134", "482-913", "482.913", "482\u{A0}913", "482\t913", "1 482913", "12345 67",
        "", "ok", "４８２９１３", "٤٨٢٩١٣", "4️⃣8️⃣2️⃣9️⃣1️⃣3️⃣", "²⁴⁸²⁹¹",
    ])
    func anythingButSixDigitsIsNoCode(_ reply: String) {
        #expect(ContactReplyCode.codes(in: reply).isEmpty, "\(reply.debugDescription)")
    }

    /// A long reply cannot be a search through the code space: a few codes,
    /// from its start only, and one long run of digits is none.
    @Test func aLongReplyIsNoSearch() {
        let many = (100_000..<100_100).map(String.init).joined(separator: " x ")
        #expect(ContactReplyCode.codes(in: many) == ["100000", "100001", "100002"])
        #expect(ContactReplyCode.codes(in: String(repeating: "1", count: 600)).isEmpty)
        #expect(ContactReplyCode.codes(in: String(repeating: "x", count: 160) + " 482913").isEmpty, "past the first 160 characters")
        #expect(ContactReplyCode.codes(in: String(repeating: "x", count: 150) + " 482913") == ["482913"])
        #expect(ContactReplyCode.codes(in: "111111 222222 333333 444444 555555").count == 3)
    }

    @Test func theCodeOfATextIsFoundInAReplyQuotingIt() {
        let code = Self.codes.code(notification: 31_337, user: 4)
        #expect(ContactReplyCode.codes(in: "ack " + code) == [code])
        #expect(ContactReplyCode.codes(in: ContactReplyCode.invitation(code)) == [code])
        let spaced = String(code.prefix(3)) + " " + String(code.suffix(3))
        #expect(ContactReplyCode.codes(in: "OK " + spaced) == [code])
    }
}
