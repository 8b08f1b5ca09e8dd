import Crypto
import Foundation
import HeraldCore
import Testing

/// A contact address as people type it (issue 42): a number in E.164, an
/// email address lower-cased; what logs show of it; the queue's token for it.
@Suite("Contact addresses")
struct ContactAddressTests {
    static func number(_ text: String) -> String? { try? ContactAddress.phoneNumber(text).get() }
    static func email(_ text: String) -> String? { try? ContactAddress.email(text).get() }

    @Test(arguments: [
        ("+46 70 123 45 67", "+46701234567"),
        ("+46-70-123.45.67", "+46701234567"),
        ("+1 (234) 901-3030", "+12349013030"),
        ("+49/30/1234567", "+49301234567"),
        ("0046 70 123 45 67", "+46701234567"),
        ("  +46701234567\n", "+46701234567"),
        ("\t0041 44 668 18 00 ", "+41446681800"),
    ])
    func aNumberIsWrittenAsPlusAndItsDigits(_ typed: String, _ stored: String) {
        #expect(Self.number(typed) == stored)
        #expect(ContactAddress.normalized(typed, kind: .sms) == .success(stored))
        #expect(ContactAddress.normalized(typed, kind: .voice) == .success(stored))
    }

    @Test func eightToFifteenDigitsAfterThePlus() {
        #expect(Self.number("+1234567") == nil, "7 digits")
        #expect(Self.number("+12345678") == "+12345678", "8 digits")
        #expect(Self.number("+123456789012345") == "+123456789012345", "15 digits")
        #expect(Self.number("+1234567890123456") == nil, "16 digits")
        #expect(Self.number("001234567890123456") == nil, "16 digits after 00")
        #expect(Self.number("+") == nil)
        #expect(Self.number("") == nil)
        #expect(Self.number("00") == nil)
    }

    @Test(arguments: ["070 123 45 67", "0701234567", "46701234567", "701234567"])
    func aLocalNumberWithoutItsCountryCodeIsRefused(_ typed: String) {
        #expect(Self.number(typed) == nil)
    }

    @Test(arguments: ["+046701234567", "+0046701234567", "000 46 70 123 45 67"])
    func theCountryCodeNeverStartsWithZero(_ typed: String) {
        #expect(Self.number(typed) == nil)
    }

    /// Anything but ASCII digits and the few separators: letters, a second
    /// plus, other scripts' digits (which `isNumber` would take), controls,
    /// a plus that is not first, combining marks on a digit.
    @Test(arguments: [
        "+46 70 CALL ME", "++46701234567", "+46+701234567", "46+701234567",
        "+４６７０１２３４５６７", "+٤٦٧٠١٢٣٤٥٦٧", "+46\u{0}701234567", "+46\n701234567", "+46\t701234567",
        "+46_701234567", "+46;701234567", "+4670123456\u{301}7", "＋46701234567", "+46\u{A0}701234567",
        "tel:+46701234567", "+46701234567,1",
    ])
    func anythingButDigitsAndSeparatorsIsRefused(_ typed: String) {
        #expect(Self.number(typed) == nil, "\(typed.debugDescription)")
    }

    @Test func aStoredNumberHoldsOnlyAPlusAndASCIIDigits() {
        for typed in ["+46 (0)70-123 45 67", "0046.70.123.45.67", "+1 234 901 3030"] {
            let stored = Self.number(typed) ?? ""
            #expect(stored.first == "+", "\(typed)")
            #expect(stored.count > 8 && stored.dropFirst().allSatisfy { ("0"..."9").contains($0) }, "\(typed)")
        }
    }

    @Test(arguments: [
        ("ann@example.org", "ann@example.org"),
        ("Ann.Smith@Example.ORG", "ann.smith@example.org"),
        ("  ops+herald@lists.example.org \n", "ops+herald@lists.example.org"),
        ("x@a.b", "x@a.b"),
    ])
    func anEmailAddressIsTrimmedAndLowerCased(_ typed: String, _ stored: String) {
        #expect(Self.email(typed) == stored)
        #expect(ContactAddress.normalized(typed, kind: .email) == .success(stored))
    }

    @Test(arguments: [
        "", "ann", "@example.org", "ann@", "ann@example", "ann@@example.org", "ann@bob@example.org",
        "ann@.example.org", "ann@example.org.", "ann@example..org", "ann smith@example.org", "ann@exa mple.org",
        "ann\u{0}@example.org", "ann\u{7F}@example.org", "ann\r\nBcc: x@example.org@example.org", "ann@example.org\r\nX-Herald: 1",
        "<ann@example.org>", "ann(x)@example.org", "ann@[127.0.0.1]", "ann,bob@example.org", "ann;bob@example.org",
        "ann:x@example.org", "a\\n@example.org", "\"ann\"@example.org", "ann\u{1B}@example.org", "ann\t@example.org",
    ])
    func whatNoMailServerTakesIsRefused(_ typed: String) {
        #expect(Self.email(typed) == nil, "\(typed.debugDescription)")
    }

    /// "no spaces or control characters": the C1 controls (U+0080…U+009F,
    /// general category Cc like the C0 ones) are control characters too,
    /// and a no-break space is a space.
    @Test(arguments: ["ann\u{85}@example.org", "ann@exa\u{9B}mple.org", "ann\u{A0}smith@example.org", "ann@example\u{3000}.org"])
    func aC1ControlOrAUnicodeSpaceInsideAnAddressIsRefused(_ typed: String) {
        #expect(Self.email(typed) == nil, "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func anAddressIsAtMost254CharactersWithALocalPartOfAtMost64() {
        let local64 = String(repeating: "a", count: 64)
        let domain189 = String(repeating: "d", count: 185) + ".org"
        #expect(Self.email(local64 + "@" + domain189)?.count == 254)
        #expect(Self.email(local64 + "@d" + domain189) == nil, "255 characters")
        #expect(Self.email(local64 + "a@example.org") == nil, "a 65-character local part")
        #expect(Self.email(local64 + "@example.org") != nil)
    }

    @Test func theHintShowsOnlyTheLastThreeDigitsOrTheDomain() {
        #expect(ContactAddress.hint("+46701234567", kind: .sms) == "…567")
        #expect(ContactAddress.hint("+12349013030", kind: .voice) == "…030")
        #expect(ContactAddress.hint("ann.smith@example.org", kind: .email) == "…@example.org")
        let hint = ContactAddress.hint("+46701234567", kind: .sms)
        #expect(!hint.contains("4670") && !hint.contains("1234"), "no more of the number than its end")
        #expect(!ContactAddress.hint("ann.smith@example.org", kind: .email).contains("ann"), "no local part")
        let method = ContactMethod(
            id: 1, userID: 2, kind: .email, address: "ops@example.org", createdAt: Date(), verifiedAt: nil, verification: nil, deviceID: nil
        )
        #expect(method.hint == "…@example.org")
        #expect(!method.isVerified)
    }
}

@Suite("Contact platforms and tokens")
struct ContactPlatformTests {
    @Test func everyPlatformIsEitherAnAppOrAContactMethod() {
        #expect(Set(Platform.push) == [.apns, .fcm, .webpush])
        for platform in Platform.allCases {
            #expect(platform.isContact != Platform.push.contains(platform), "\(platform)")
        }
        #expect(Platform.sms.isContact && Platform.voice.isContact && Platform.email.isContact)
        #expect(!Platform.apns.isContact && !Platform.fcm.isContact && !Platform.webpush.isContact)
        for kind in ContactKind.allCases {
            #expect(kind.platform.contactKind == kind)
            #expect(kind.platform.rawValue == kind.rawValue)
        }
    }

    @Test(arguments: [Int64(1), 42, 9_007_199_254_740_993, Int64.max])
    func aContactTokenNamesItsMethodAndStartsWithAHash(_ id: Int64) {
        let token = Platform.contactToken(methodID: id)
        #expect(token.hasPrefix("#"))
        #expect(token == "#contact-\(id)")
        #expect(Platform.contactMethodID(fromToken: token) == id)
    }

    @Test(arguments: [
        "", "#contact-", "#contact-0", "#contact--1", "#contact-abc", "#contact-12a", "contact-12", "#Contact-12", " #contact-12",
        "#contact-12 ", "#contact-1.5", "#contact-9223372036854775808", "#contact-١٢", "#device-12", "%23contact-12",
    ])
    func anythingElseNamesNoMethod(_ token: String) {
        #expect(Platform.contactMethodID(fromToken: token) == nil, "\(token.debugDescription)")
    }
}

/// The code sent to prove an address (issue 42): 6 digits, 10 minutes,
/// 5 tries, kept only as a hash bound to the method.
@Suite("Contact verification")
struct ContactVerificationTests {
    static let sent = Date(timeIntervalSince1970: 1_800_000_000)

    /// SplitMix64: a fixed, well-spread sequence, so the draws below are the same every run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func aCodeIsSixASCIIDigitsLeadingZerosKept() {
        var generator = SplitMix(state: 42)
        let drawn = (0..<3_000).map { _ in ContactVerification.newCode(using: &generator) }
        #expect(drawn.allSatisfy { $0.count == 6 && $0.allSatisfy { ("0"..."9").contains($0) } })
        #expect(drawn.contains { $0.hasPrefix("0") }, "about one in ten starts with 0: kept, not dropped")
        #expect(drawn.contains { $0.hasPrefix("9") })
        #expect(Set(drawn).count > 2_900, "uniform over a million: few repeats")
        var seen = Set<String>()
        for _ in 0..<500 {
            let code = ContactVerification.newCode()
            #expect(code.count == 6 && code.allSatisfy { ("0"..."9").contains($0) }, "\(code)")
            seen.insert(code)
        }
        #expect(seen.count > 450, "drawn, not fixed")
    }

    @Test func theHashHidesTheCodeAndDiffersPerMethod() {
        let hash = ContactVerification.hash("123456", methodID: 7)
        #expect(hash.count == 64 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "SHA-256 as hex")
        #expect(!hash.contains("123456"))
        #expect(hash == ContactVerification.hash("123456", methodID: 7))
        #expect(hash != ContactVerification.hash("123456", methodID: 8), "equal codes of two methods do not look alike")
        #expect(hash != ContactVerification.hash("123457", methodID: 7))
    }

    @Test func aCodeSentIsGoodForTenMinutesAndNoTriesYet() {
        let pending = ContactVerification.pending(code: "123456", methodID: 7, now: Self.sent)
        #expect(pending.expiresAt == Self.sent.addingTimeInterval(10 * 60))
        #expect(pending.tries == 0)
        #expect(pending.codeHash == ContactVerification.hash("123456", methodID: 7))
        #expect(ContactVerification.digits == 6 && ContactVerification.maximumTries == 5)
    }

    @Test(arguments: ["123456", "123 456", " 123-456 ", "12 34 56\n"])
    func theRightCodeVerifiesHoweverItIsSpaced(_ typed: String) {
        let pending = ContactVerification.pending(code: "123456", methodID: 7, now: Self.sent)
        #expect(ContactVerification.judge(typed, pending: pending, methodID: 7, now: Self.sent.addingTimeInterval(60)) == .verified)
    }

    /// Other scripts' digits are not ASCII digits; extra or missing digits
    /// are another code; another method's code is not this one's.
    @Test(arguments: ["１２３４５６", "١٢٣٤٥٦", "1234567", "12345", "0123456", "", "abcdef", "654321"])
    func anythingElseIsWrong(_ typed: String) {
        let pending = ContactVerification.pending(code: "123456", methodID: 7, now: Self.sent)
        #expect(ContactVerification.judge(typed, pending: pending, methodID: 7, now: Self.sent) == .wrong(triesLeft: 4), "\(typed)")
    }

    @Test func anotherMethodsCodeIsWrong() {
        let pending = ContactVerification.pending(code: "123456", methodID: 7, now: Self.sent)
        #expect(ContactVerification.judge("123456", pending: pending, methodID: 8, now: Self.sent) == .wrong(triesLeft: 4))
    }

    @Test func fiveWrongCodesAndANewOneMustBeAskedFor() {
        var pending = ContactVerification.pending(code: "123456", methodID: 7, now: Self.sent)
        var verdicts: [ContactVerification.Verdict] = []
        for _ in 0..<5 {
            verdicts.append(ContactVerification.judge("000000", pending: pending, methodID: 7, now: Self.sent))
            pending.tries += 1
        }
        #expect(verdicts == [.wrong(triesLeft: 4), .wrong(triesLeft: 3), .wrong(triesLeft: 2), .wrong(triesLeft: 1), .exhausted])
        #expect(ContactVerification.judge("123456", pending: pending, methodID: 7, now: Self.sent) == .exhausted, "not even the right code after five")
        pending.tries = 4
        #expect(ContactVerification.judge("123456", pending: pending, methodID: 7, now: Self.sent) == .verified, "the fifth try may be right")
    }

    @Test func tenMinutesLaterTheCodeHasExpired() {
        let pending = ContactVerification.pending(code: "123456", methodID: 7, now: Self.sent)
        #expect(ContactVerification.judge("123456", pending: pending, methodID: 7, now: Self.sent.addingTimeInterval(599)) == .verified)
        #expect(ContactVerification.judge("123456", pending: pending, methodID: 7, now: Self.sent.addingTimeInterval(600)) == .expired)
        #expect(ContactVerification.judge("123456", pending: pending, methodID: 7, now: Self.sent.addingTimeInterval(86_400)) == .expired)
        #expect(ContactVerification.judge("000000", pending: pending, methodID: 7, now: Self.sent.addingTimeInterval(601)) == .expired)
    }

    @Test func withNoCodeWaitingNothingVerifies() {
        #expect(ContactVerification.judge("123456", pending: nil, methodID: 7, now: Self.sent) == .noCode)
        #expect(ContactVerification.judge("", pending: nil, methodID: 7, now: Self.sent) == .noCode)
    }
}

/// ntfy topics and Pushover keys as addresses, and what becomes of a
/// followed message (issue 43).
@Suite("Contact: ntfy topics, Pushover keys, follow-ups")
struct PhoneAppAddressTests {
    @Test func aTopicIsLongEnoughNotToGuessAndOfNtfysCharacters() {
        #expect(ContactAddress.normalized(" herald-Ann_7f3k9q2m ", kind: .ntfy) == .success("herald-Ann_7f3k9q2m"), "kept as typed: topics are case-sensitive")
        for bad in ["ann", "herald ann 7f3k9q2m", "herald/ann/7f3k9q2m", "herald-ann-7f3k9q2m?x=1", String(repeating: "a", count: 65), "hërald-ann-7f3k9q2m"] {
            guard case .failure = ContactAddress.normalized(bad, kind: .ntfy) else {
                Issue.record("\(bad) taken")
                continue
            }
        }
        #expect(ContactAddress.hint("herald-ann-7f3k9q2m", kind: .ntfy) == "her…")
    }

    @Test func aPushoverKeyIsThirtyLettersAndDigits() {
        #expect(ContactAddress.normalized("uQiRzpo4DXghDmr9QzzfQu27cmVRsG", kind: .pushover) == .success("uQiRzpo4DXghDmr9QzzfQu27cmVRsG"))
        for bad in ["uQiRzpo4DXghDmr9QzzfQu27cmVRs", "uQiRzpo4DXghDmr9QzzfQu27cmVRsG1", "uQiRzpo4DXghDmr9QzzfQu27cmVRs/"] {
            guard case .failure = ContactAddress.normalized(bad, kind: .pushover) else {
                Issue.record("\(bad) taken")
                continue
            }
        }
    }

    static func followUp(_ platform: Platform, receipt: String? = nil, sentAt: Date = Date(timeIntervalSince1970: 1_000_000), checks: Int = 0) -> ContactFollowUp {
        ContactFollowUp(
            deliveryID: 1, platform: platform, notificationID: 7, userID: 3, methodID: 5, receipt: receipt, sentAt: sentAt, checks: checks,
            nextCheckAt: sentAt
        )
    }

    static let alarm = NotificationRecord(
        id: 7, serviceID: UUID(), timestamp: Date(timeIntervalSince1970: 1_000_000), draft: NotificationDraft(title: "Beam lost")
    )

    @Test func aTakenOrResolvedAlarmEndsItsMessages() {
        let now = Date(timeIntervalSince1970: 1_000_030)
        let taken = Acknowledgement(notificationID: 7, userID: 3, username: "ann", comment: nil, at: now)
        #expect(ContactFollowUpDecision.decide(Self.followUp(.ntfy), notification: Self.alarm, acknowledgement: taken, now: now, pushover: nil) == .end(outcome: "Acknowledged by ann."))
        var resolved = Self.alarm
        resolved.draft.alarm = .resolved
        #expect(ContactFollowUpDecision.decide(Self.followUp(.pushover, receipt: "r1"), notification: resolved, acknowledgement: nil, now: now, pushover: nil) == .end(outcome: "Resolved."))
        #expect(ContactFollowUpDecision.decide(Self.followUp(.ntfy), notification: nil, acknowledgement: nil, now: now, pushover: nil) == .forget(reason: "the notification is gone"))
    }

    /// A chat's direct message says who took its alarm and stays followed:
    /// withdrawn, it is the alarm again; another taker, edited again;
    /// resolved, it ends. A cleared ntfy message ends when taken.
    @Test func aDirectMessageFollowsItsAlarmBackAndForthUntilItEnds() {
        let now = Date(timeIntervalSince1970: 1_000_030)
        let ann = Acknowledgement(notificationID: 7, userID: 3, username: "ann", comment: nil, at: now)
        let bob = Acknowledgement(notificationID: 7, userID: 4, username: "bob", comment: nil, at: now)
        for platform in [Platform.slack, .mattermost, .matrix] {
            var followUp = Self.followUp(platform, receipt: "r")
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: ann, now: now, pushover: nil) == .show(outcome: "Acknowledged by ann."))
            followUp.shown = "Acknowledged by ann."
            #expect(
                ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: ann, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(600)),
                "says so already: looked at again when withdrawn (hastened) or in 10 minutes"
            )
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: bob, now: now, pushover: nil) == .show(outcome: "Acknowledged by bob."))
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil) == .reopen, "withdrawn: \(platform)")
            var resolved = Self.alarm
            resolved.draft.alarm = .resolved
            #expect(ContactFollowUpDecision.decide(followUp, notification: resolved, acknowledgement: ann, now: now, pushover: nil) == .end(outcome: "Resolved."))
            #expect(
                ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: ann, now: followUp.sentAt.addingTimeInterval(2 * 86_400), pushover: nil)
                    == .wait(until: followUp.sentAt.addingTimeInterval(2 * 86_400 + 600)), "taken two days ago: still followed"
            )
            let weekLater = followUp.sentAt.addingTimeInterval(7 * 86_400 + 1)
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: ann, now: weekLater, pushover: nil) == .forget(reason: "followed for a week"))
            // Edited 2 s ago: the next edit waits until 5 s after it, and then shows the state of that time.
            followUp.editedAt = now.addingTimeInterval(-2)
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(3)))
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: bob, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(3)))
            #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: nil, now: now.addingTimeInterval(3), pushover: nil) == .reopen)
            #expect(ContactFollowUpDecision.decide(followUp, notification: resolved, acknowledgement: nil, now: now, pushover: nil) == .end(outcome: "Resolved."), "the end is not held back")
        }
        // Never said so, but someone else took it and put it back since it was sent: its button answers an older message.
        let sent = Self.followUp(.slack, receipt: "r")
        let after = sent.sentAt.addingTimeInterval(1)
        #expect(ContactFollowUpDecision.decide(sent, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, withdrawal: (4, after)) == .reopen)
        #expect(ContactFollowUpDecision.decide(sent, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, withdrawal: (3, after)) != .reopen, "their own")
        #expect(
            ContactFollowUpDecision.decide(sent, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, withdrawal: (4, sent.sentAt.addingTimeInterval(-1)))
                != .reopen, "before it was sent"
        )
        var buttonless = sent
        buttonless.answersBack = false
        #expect(ContactFollowUpDecision.decide(buttonless, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, withdrawal: (4, after)) != .reopen)
        var ntfy = Self.followUp(.ntfy)
        ntfy.shown = "Acknowledged by ann."
        #expect(ContactFollowUpDecision.decide(ntfy, notification: Self.alarm, acknowledgement: bob, now: now, pushover: nil) == .end(outcome: "Acknowledged by bob."))
        // Each edit of a Matrix message is its own transaction; the same edit tried again is the same.
        var message = Self.followUp(.matrix, receipt: "r")
        let names = ["", "Acknowledged by ann.", "Acknowledged by bob."].map { ContactFollowUpDecision.editName(message, shown: $0) }
        #expect(Set(names).count == 3 && names == ["", "Acknowledged by ann.", "Acknowledged by bob."].map { ContactFollowUpDecision.editName(message, shown: $0) })
        // ann, then bob (an admin withdrew hers), then ann again: each edit is named after the one before it.
        var taken: [String] = []
        for (shown, at) in [("Acknowledged by ann.", 1.0), ("Acknowledged by bob.", 2.0), ("Acknowledged by ann.", 3.0)] {
            taken.append(ContactFollowUpDecision.editName(message, shown: shown))
            message.editedAt = now.addingTimeInterval(at)
        }
        #expect(Set(taken).count == 3, "\(taken)")
    }

    @Test func anOpenAlarmIsWatchedWithGrowingWaitsAndForgottenInTime() {
        let sent = Date(timeIntervalSince1970: 1_000_000)
        let now = sent.addingTimeInterval(10)
        #expect(ContactFollowUpDecision.decide(Self.followUp(.ntfy), notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(2)))
        #expect(ContactFollowUpDecision.decide(Self.followUp(.ntfy, checks: 3), notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(16)))
        #expect(ContactFollowUpDecision.decide(Self.followUp(.ntfy, checks: 40), notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(600)))
        let dayLater = sent.addingTimeInterval(86_401)
        #expect(ContactFollowUpDecision.decide(Self.followUp(.ntfy), notification: Self.alarm, acknowledgement: nil, now: dayLater, pushover: nil) == .forget(reason: "followed for a day"))
        let settings = PushoverSettings(baseURL: "https://api.pushover.net", token: String(repeating: "a", count: 30), expireSeconds: 600, pollSeconds: 5)
        #expect(ContactFollowUpDecision.decide(Self.followUp(.pushover, receipt: "r1"), notification: Self.alarm, acknowledgement: nil, now: now, pushover: settings) == .readReceipt)
        // A receipt never known: waited on (the alarm's end cancels it by its tag).
        #expect(ContactFollowUpDecision.decide(Self.followUp(.pushover), notification: Self.alarm, acknowledgement: nil, now: now, pushover: settings) == .wait(until: now.addingTimeInterval(5)))
        #expect(
            ContactFollowUpDecision.decide(Self.followUp(.pushover, receipt: "r1"), notification: Self.alarm, acknowledgement: nil, now: sent.addingTimeInterval(661), pushover: settings)
                == .forget(reason: "Pushover's emergency expired")
        )
        #expect(ContactFollowUpDecision.nextCheck(Self.followUp(.pushover, receipt: "r1"), now: now, pushover: settings) == now.addingTimeInterval(5))
    }

    @Test func aReceiptAcknowledgedByThePersonsOwnKeyIsTheirs() {
        let now = Date(timeIntervalSince1970: 1_000_010)
        let followUp = Self.followUp(.pushover, receipt: "r1")
        let key = "uoncallpushoveruserkey12345678"
        #expect(ContactFollowUpDecision.afterReceipt(.init(acknowledged: true, acknowledgedBy: key, expired: false), followUp, sentTo: key, now: now, pushover: nil) == .acknowledge)
        // A group key's member, or a key that is no longer the method's: nothing taken in Herald.
        #expect(
            ContactFollowUpDecision.afterReceipt(.init(acknowledged: true, acknowledgedBy: "uothermemberkey000000000000000", expired: false), followUp, sentTo: key, now: now, pushover: nil)
                == .forget(reason: "acknowledged in Pushover by another key than the person's")
        )
        #expect(
            ContactFollowUpDecision.afterReceipt(.init(acknowledged: true, acknowledgedBy: key, expired: false), followUp, sentTo: nil, now: now, pushover: nil)
                == .forget(reason: "acknowledged in Pushover by another key than the person's")
        )
        #expect(ContactFollowUpDecision.afterReceipt(.init(acknowledged: false, acknowledgedBy: nil, expired: true), followUp, sentTo: key, now: now, pushover: nil) == .forget(reason: "Pushover's emergency expired"))
        #expect(ContactFollowUpDecision.afterReceipt(.init(acknowledged: false, acknowledgedBy: nil, expired: false), followUp, sentTo: key, now: now, pushover: nil) == .wait(until: now.addingTimeInterval(5)))
    }

    @Test func onlyNtfyMessagesAndPushoverEmergenciesAreFollowed() {
        func message(_ urgency: Urgency) -> PhoneAppMessage {
            .compose(title: "t", text: "", url: "", severity: nil, urgency: urgency, call: false, acknowledgeURL: nil, notification: 1)
        }
        #expect(ContactFollowUpDecision.follows(.ntfy, message: message(.passive)))
        #expect(ContactFollowUpDecision.follows(.pushover, message: message(.critical)) && !ContactFollowUpDecision.follows(.pushover, message: message(.timeSensitive)))
        #expect(!ContactFollowUpDecision.follows(.sms, message: message(.critical)))
    }

    @Test func wordsAreCutByWhatEachProviderCounts() {
        // 2,100 "å" are 4,200 bytes: over what ntfy takes as a message.
        let long = String(repeating: "å", count: 2_100)
        let forNtfy = PhoneAppMessage.cut(long, PhoneAppMessage.ntfyMessageBytes, measure: PhoneAppMessage.bytes)
        #expect(forNtfy.utf8.count <= PhoneAppMessage.ntfyMessageBytes && forNtfy.hasSuffix("…") && forNtfy.utf8.count > 3_990)
        // A family emoji is one character of seven scalars: Pushover counts seven.
        let family = String(repeating: "👨‍👩‍👧‍👦", count: 60)
        let forPushover = PhoneAppMessage.cut(family, PhoneAppMessage.pushoverTitleLimit, measure: PhoneAppMessage.scalars)
        #expect(forPushover.unicodeScalars.count <= PhoneAppMessage.pushoverTitleLimit && forPushover.hasSuffix("👨‍👩‍👧‍👦…"))
        #expect(PhoneAppMessage.cut("short", 250, measure: PhoneAppMessage.scalars) == "short")
    }

    @Test func aSlackMemberAndAMattermostUserAreWrittenAsTheirServicesWriteThem() {
        #expect(ContactAddress.normalized(" u0ann00001 ", kind: .slack) == .success("U0ANN00001"), "Slack's ids are upper-case")
        #expect(ContactAddress.normalized("W012ABCDEF9", kind: .slack) == .success("W012ABCDEF9"), "an Enterprise Grid user")
        #expect(ContactAddress.normalized("@Ann", kind: .mattermost) == .success("@ann") && ContactAddress.normalized("ann.b-1", kind: .mattermost) == .success("@ann.b-1"))
        let id = "abcdefghijklmnopqrstuvwxyz"
        #expect(ContactAddress.normalized(id, kind: .mattermost) == .success(id) && ContactAddress.isMattermostUserID(id) && !ContactAddress.isMattermostUserID("@ann"))
        for (bad, kind) in [("C0HERALD01", ContactKind.slack), ("U0ANN", .slack), ("U0ANN-00001", .slack), ("<@U0ANN00001>", .slack), ("", .slack),
            ("@a", .mattermost), ("@1ann", .mattermost), ("@ann smith", .mattermost), ("@än", .mattermost), ("@" + String(repeating: "a", count: 23), .mattermost)] {
            guard case .failure = ContactAddress.normalized(bad, kind: kind) else {
                Issue.record("\(kind) \(bad) taken")
                continue
            }
        }
        #expect(ContactAddress.hint("U0ANN00001", kind: .slack) == "U0A…")
        #expect(Platform.slack.isContact && Platform.mattermost.offersAcknowledgeAction && ContactKind.mattermost.platform == .mattermost)
        #expect(ContactFollowUpDecision.follows(.slack, message: PhoneAppMessage(title: "", message: "", ntfyPriority: 3, pushoverPriority: 0, tags: [], click: nil, acknowledgeURL: nil, sequenceID: "")))
    }

    @Test func aDirectMessagesButtonActsOnlyForItsMethodNotificationAndTime() {
        let signer = ChatSigner(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org"))
        let signature = signer.direct(method: 7, notification: 42, sentAt: 1_800_000_000_000)
        #expect(signer.verifyDirect(method: 7, notification: 42, sentAt: 1_800_000_000_000, signature: signature))
        #expect(!signer.verifyDirect(method: 8, notification: 42, sentAt: 1_800_000_000_000, signature: signature), "another person's method")
        #expect(!signer.verifyDirect(method: 7, notification: 43, sentAt: 1_800_000_000_000, signature: signature), "another alarm")
        #expect(!signer.verifyDirect(method: 7, notification: 42, sentAt: 1_800_000_000_001, signature: signature), "a later time (past a withdrawal)")
        #expect(!signer.verifyAction(room: 7, notification: 42, signature: signature), "not a room's button")
        let other = ChatSigner(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org"))
        #expect(!other.verifyDirect(method: 7, notification: 42, sentAt: 1_800_000_000_000, signature: signature), "another server's key")
    }

    @Test func aMatrixUserIsWrittenAsMatrixWritesIt() {
        #expect(ContactAddress.normalized(" @Ann.B-1:matrix.example.org:8448 ", kind: .matrix) == .success("@Ann.B-1:matrix.example.org:8448"), "kept as typed: ids are case-sensitive")
        for bad in ["ann", "@ann", "@:example.org", "ann:example.org", "@an n:example.org", "@ann:exa mple.org", "@ann:example.org/x", "@än:example.org"] {
            guard case .failure = ContactAddress.normalized(bad, kind: .matrix) else {
                Issue.record("\(bad) taken")
                continue
            }
        }
        #expect(ContactAddress.hint("@ann:example.org", kind: .matrix) == "…:example.org")
    }

    @Test func onlyThePersonsCheckMarkTakesAnAlarmInMatrix() {
        let now = Date(timeIntervalSince1970: 1_000_010)
        let followUp = Self.followUp(.matrix, receipt: "$event")
        let ann = "@ann:example.org"
        let settings = MatrixSettings(baseURL: "https://matrix.example.org", token: "t", pollSeconds: 3)
        let at = now.addingTimeInterval(-5)
        func said(_ sender: String, _ key: String, at: Date = at) -> ChatReaction { ChatReaction(sender: sender, key: key, at: at) }
        #expect(ContactFollowUpDecision.afterReactions([said(ann, "✅")], followUp, sentTo: ann, now: now, matrix: settings) == .acknowledge)
        #expect(ContactFollowUpDecision.afterReactions([said(ann, "👍🏽")], followUp, sentTo: ann, now: now, matrix: settings) == .acknowledge)
        #expect(ContactFollowUpDecision.afterReactions([said(ann, "✅\u{FE0F}")], followUp, sentTo: ann, now: now, matrix: settings) == .acknowledge, "with a variation selector")
        let waiting = ContactFollowUpDecision.ReceiptPlan.wait(until: now.addingTimeInterval(3))
        #expect(ContactFollowUpDecision.afterReactions([said(ann, "👀"), said(ann, "👎")], followUp, sentTo: ann, now: now, matrix: settings) == waiting)
        #expect(ContactFollowUpDecision.afterReactions([said("@mallory:example.org", "✅")], followUp, sentTo: ann, now: now, matrix: settings) == waiting, "someone else's")
        // Made the alarm again after a withdrawal: the ✅ there then (the homeserver's time) takes nothing, a later one does.
        var reopened = followUp
        reopened.answersAfter = at
        #expect(ContactFollowUpDecision.afterReactions([said(ann, "✅")], reopened, sentTo: ann, now: now, matrix: settings) == waiting, "the ✅ from before")
        #expect(ContactFollowUpDecision.afterReactions([said(ann, "✅"), said(ann, "👍", at: at.addingTimeInterval(0.001))], reopened, sentTo: ann, now: now, matrix: settings) == .acknowledge)
        // A message that invited no answer (its person may not take the alarm) reads none.
        var silent = followUp
        silent.answersBack = false
        #expect(ContactFollowUpDecision.decide(silent, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, matrix: settings) == .wait(until: now.addingTimeInterval(2)))
        #expect(ContactFollowUpDecision.decide(followUp, notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, matrix: settings) == .readReceipt)
        #expect(
            ContactFollowUpDecision.decide(Self.followUp(.matrix), notification: Self.alarm, acknowledgement: nil, now: now, pushover: nil, matrix: settings)
                == .wait(until: now.addingTimeInterval(3)), "its event not known yet"
        )
    }
}
