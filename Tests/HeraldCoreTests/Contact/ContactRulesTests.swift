import Foundation
import HeraldCore
import Testing

/// A person's contact rules (issue 42): the classes a message falls under,
/// the site's defaults and floor, and the steps the queue applies.
@Suite("Contact rules")
struct ContactRulesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let ann: UserID = 10
    static let bob: UserID = 20

    static func method(_ id: Int64, _ kind: ContactKind, user: UserID = ann, verified: Bool = true, device: Int64? = nil) -> ContactMethod {
        ContactMethod(
            id: id, userID: user, kind: kind, address: kind == .email ? "m\(id)@example.org" : "+46700000\(100 + id)",
            createdAt: now, verifiedAt: verified ? now : nil, verification: nil, deviceID: verified ? (device ?? id + 100) : nil
        )
    }

    // MARK: classes

    /// The bands the urgency table draws (docs/urgency.md), named here by
    /// severity rather than by rank.
    static let expectedClass: [Severity: ContactRuleClass] = [
        .none: .routine, .ok: .routine, .info: .routine, .low: .routine, .warning: .routine, .minor: .routine,
        .major: .high, .error: .high, .high: .high, .invalid: .high, .undefined: .high,
        .critical: .critical,
    ]

    @Test func everySeveritysPriorityFallsInItsOwnClassOnly() {
        #expect(Set(Self.expectedClass.keys) == Set(Severity.allCases), "a new severity needs its class decided")
        for severity in Severity.allCases {
            let priority = DeliveryPriority.of(severity)
            let holding = ContactRuleClass.allCases.filter { $0.priorities.contains(priority) }
            #expect(holding == [Self.expectedClass[severity]], "\(severity) (priority \(priority))")
        }
        #expect(ContactRuleClass.allCases.filter { $0.priorities.contains(DeliveryPriority.of(nil)) } == [.routine], "no severity")
    }

    @Test func anEscalationsCallIsItsOwnClassAboveEveryNotification() {
        #expect(ContactRuleClass.allCases.filter { $0.priorities.contains(DeliveryPriority.call) } == [.call])
        #expect(Severity.allCases.allSatisfy { DeliveryPriority.of($0) < DeliveryPriority.call })
    }

    /// Each priority a queued message can have, 0 up to a call's, is in
    /// exactly one band, and no band reaches outside them.
    @Test func theBandsCoverEveryPriorityExactlyOnce() {
        let every = Set(Severity.allCases.map { DeliveryPriority.of($0) } + [DeliveryPriority.call, DeliveryPriority.of(nil)])
        for priority in every {
            #expect(ContactRuleClass.allCases.filter { $0.priorities.contains(priority) }.count == 1, "priority \(priority)")
        }
        let covered = ContactRuleClass.allCases.flatMap { Array($0.priorities) }
        #expect(covered.count == Set(covered).count, "no priority in two bands")
        #expect(Set(covered) == every, "no band holds a priority nothing has")
    }

    @Test func theClassesAreOrderedRoutineToCall() {
        #expect(ContactRuleClass.routine < .high && ContactRuleClass.high < .critical && ContactRuleClass.critical < .call)
        #expect(!(ContactRuleClass.call < .routine))
        #expect(ContactRuleClass.allCases.sorted() == [.routine, .high, .critical, .call])
    }

    // MARK: the site's defaults

    @Test func theSitesDefaultsAreReadPerClass() throws {
        let parsed = try ContactDefaults.parse("call=sms@60 voice@180, critical=sms@120").get()
        #expect(parsed.steps == [
            .call: [.init(kind: .sms, delaySeconds: 60), .init(kind: .voice, delaySeconds: 180)],
            .critical: [.init(kind: .sms, delaySeconds: 120)],
        ])
        let spaced = try ContactDefaults.parse("  CALL = SMS@0   Email@86400 ,HIGH=voice@5 , ").get()
        #expect(spaced.steps == [
            .call: [.init(kind: .sms, delaySeconds: 0), .init(kind: .email, delaySeconds: 86_400)],
            .high: [.init(kind: .voice, delaySeconds: 5)],
        ])
    }

    @Test(arguments: ["", " ", ",", " , , "])
    func anEmptyTextIsNoSteps(_ text: String) throws {
        #expect(try ContactDefaults.parse(text).get().steps.isEmpty)
    }

    @Test func outOfTheBoxACallTextsAMinuteLater() {
        #expect(ContactDefaults.standard.steps == [.call: [.init(kind: .sms, delaySeconds: 60)]])
    }

    @Test(arguments: [
        "call", "call sms@60", "=sms@60", "page=sms@60", "call=fax@60", "call=sms", "call=sms@", "call=@60", "call=sms@-1",
        "call=sms@86401", "call=sms@1.5", "call=sms@60s", "call=sms@60, critical", "call=sms@99999999999999999999",
        "call=sms@60;voice@120",
    ])
    func aBrokenDefaultIsRefusedWithWhatIsWrong(_ text: String) {
        guard case .failure(let error) = ContactDefaults.parse(text) else {
            Issue.record("'\(text)' was taken")
            return
        }
        #expect(!error.message.isEmpty)
    }

    @Test func theRefusalNamesTheBrokenPart() {
        guard case .failure(let error) = ContactDefaults.parse("call=sms@60, critical=fax@10") else {
            Issue.record("taken")
            return
        }
        #expect(error.message.contains("fax@10"))
    }

    // MARK: the site's floor

    @Test func theFloorIsReadPerClass() throws {
        #expect(try ContactFloor.parse("call=300").get().withinSeconds == [.call: 300])
        #expect(try ContactFloor.parse(" Critical = 0 , call=86400 ").get().withinSeconds == [.critical: 0, .call: 86_400])
        #expect(try ContactFloor.parse("").get().withinSeconds.isEmpty)
    }

    @Test(arguments: ["call", "call=", "call=soon", "call=-1", "call=86401", "call=3.5", "urgent=60", "call=sms@60", "=60"])
    func aBrokenFloorIsRefused(_ text: String) {
        guard case .failure(let error) = ContactFloor.parse(text) else {
            Issue.record("'\(text)' was taken")
            return
        }
        #expect(!error.message.isEmpty)
    }

    @Test func stepsMustReachThePersonWithinTheFloor() {
        let floor = ContactFloor(withinSeconds: [.call: 300])
        func step(_ delay: Int) -> ContactRuleStep { ContactRuleStep(methodID: 1, delaySeconds: delay) }
        #expect(floor.refusal([step(300)], for: .call) == nil, "exactly at the floor is within it")
        #expect(floor.refusal([step(0)], for: .call) == nil)
        #expect(floor.refusal([step(900), ContactRuleStep(methodID: 2, delaySeconds: 120)], for: .call) == nil, "any step within it")
        #expect(floor.refusal([step(301)], for: .call) != nil)
        #expect(floor.refusal([], for: .call) != nil, "nothing but pushes is below a floor")
        #expect(floor.refusal([], for: .critical) == nil, "no floor for the class")
        #expect(floor.refusal([step(301)], for: .routine) == nil)
        #expect(floor.refusal([step(301)], for: .call)?.contains("300") == true, "says what the site asks")
    }

    // MARK: what a person may set

    @Test func aPersonsStepsNameTheirOwnVerifiedMethodsOnce() {
        let methods = [Self.method(1, .sms), Self.method(2, .voice), Self.method(3, .email, verified: false)]
        let none = ContactFloor()
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 0), .init(methodID: 2, delaySeconds: 60)], for: .call, methods: methods, floor: none) == nil)
        #expect(ContactRules.refusal([], for: .call, methods: methods, floor: none) == nil, "nothing but pushes")
        #expect(ContactRules.refusal([.init(methodID: 9, delaySeconds: 0)], for: .call, methods: methods, floor: none) != nil, "not one of theirs")
        #expect(ContactRules.refusal([.init(methodID: 3, delaySeconds: 0)], for: .call, methods: methods, floor: none) != nil, "not verified")
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 0), .init(methodID: 1, delaySeconds: 60)], for: .call, methods: methods, floor: none) != nil, "twice")
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: -1)], for: .call, methods: methods, floor: none) != nil)
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 86_401)], for: .call, methods: methods, floor: none) != nil)
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 86_400)], for: .call, methods: methods, floor: none) == nil)
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: .max)], for: .call, methods: methods, floor: none) != nil)
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: .min)], for: .call, methods: methods, floor: none) != nil)
    }

    @Test func atMostSixStepsForAClass() {
        let methods = (1...7).map { Self.method(Int64($0), .sms) }
        let six = (1...6).map { ContactRuleStep(methodID: Int64($0), delaySeconds: $0 * 10) }
        #expect(ContactRules.refusal(six, for: .high, methods: methods, floor: ContactFloor()) == nil)
        let seven = (1...7).map { ContactRuleStep(methodID: Int64($0), delaySeconds: $0 * 10) }
        #expect(ContactRules.refusal(seven, for: .high, methods: methods, floor: ContactFloor()) != nil)
    }

    @Test func theSitesFloorHoldsForWhatAPersonSets() {
        let methods = [Self.method(1, .sms)]
        let floor = ContactFloor(withinSeconds: [.call: 300])
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 600)], for: .call, methods: methods, floor: floor) != nil)
        #expect(ContactRules.refusal([], for: .call, methods: methods, floor: floor) != nil)
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 300)], for: .call, methods: methods, floor: floor) == nil)
        #expect(ContactRules.refusal([.init(methodID: 1, delaySeconds: 600)], for: .critical, methods: methods, floor: floor) == nil)
    }

    // MARK: what the queue applies

    @Test func aPersonsOwnStepsApplyOnTheirVerifiedMethods() {
        let methods = [Self.method(1, .sms), Self.method(2, .voice), Self.method(3, .email, verified: false)]
        let own: [ContactRuleClass: [ContactRuleStep]] = [
            .call: [.init(methodID: 1, delaySeconds: 30), .init(methodID: 2, delaySeconds: 90), .init(methodID: 3, delaySeconds: 0)],
        ]
        let rows = ContactRules.effective(userID: Self.ann, own: own, methods: methods, defaults: ContactDefaults())
        #expect(rows == [
            ContactStepRow(userID: Self.ann, methodID: 1, deviceID: 101, ruleClass: .call, delaySeconds: 30),
            ContactStepRow(userID: Self.ann, methodID: 2, deviceID: 102, ruleClass: .call, delaySeconds: 90),
        ])
    }

    @Test func theSitesDefaultsApplyToEveryVerifiedMethodOfTheKindWhereThePersonSetNothing() {
        let methods = [Self.method(1, .sms), Self.method(2, .sms), Self.method(3, .voice), Self.method(4, .sms, verified: false)]
        let defaults = ContactDefaults(steps: [.call: [.init(kind: .sms, delaySeconds: 60)], .critical: [.init(kind: .voice, delaySeconds: 5)]])
        let rows = ContactRules.effective(userID: Self.ann, own: [:], methods: methods, defaults: defaults)
        #expect(Set(rows.map { "\($0.ruleClass.rawValue) \($0.methodID) \($0.deviceID) \($0.delaySeconds)" }) == [
            "call 1 101 60", "call 2 102 60", "critical 3 103 5",
        ])
        #expect(rows.allSatisfy { $0.userID == Self.ann })
    }

    @Test func anEmptyOwnRuleMeansNothingButPushesWhateverTheDefaults() {
        let methods = [Self.method(1, .sms)]
        let defaults = ContactDefaults(steps: [.call: [.init(kind: .sms, delaySeconds: 60)], .high: [.init(kind: .sms, delaySeconds: 600)]])
        let rows = ContactRules.effective(userID: Self.ann, own: [.call: []], methods: methods, defaults: defaults)
        #expect(rows.map(\.ruleClass) == [.high], "call: the person's empty rule; high: the default")
    }

    /// A method id of someone else's, or one verified but without its
    /// queue device yet, never becomes a step.
    @Test func stepsNeverNameAnotherPersonsMethodOrOneWithoutADevice() {
        var noDevice = Self.method(3, .sms)
        noDevice.deviceID = nil
        let methods = [Self.method(1, .sms), Self.method(2, .sms, user: Self.bob), noDevice]
        let own: [ContactRuleClass: [ContactRuleStep]] = [.critical: [.init(methodID: 2, delaySeconds: 0), .init(methodID: 3, delaySeconds: 0)]]
        let defaults = ContactDefaults(steps: [.call: [.init(kind: .sms, delaySeconds: 60)]])
        let rows = ContactRules.effective(userID: Self.ann, own: own, methods: methods, defaults: defaults)
        #expect(rows == [ContactStepRow(userID: Self.ann, methodID: 1, deviceID: 101, ruleClass: .call, delaySeconds: 60)])
    }

    @Test func aMethodGetsOneStepPerClass() {
        let methods = [Self.method(1, .sms)]
        let own: [ContactRuleClass: [ContactRuleStep]] = [.call: [.init(methodID: 1, delaySeconds: 30), .init(methodID: 1, delaySeconds: 90)]]
        let defaults = ContactDefaults(steps: [.high: [.init(kind: .sms, delaySeconds: 10), .init(kind: .sms, delaySeconds: 20)]])
        let rows = ContactRules.effective(userID: Self.ann, own: own, methods: methods, defaults: defaults)
        #expect(rows.filter { $0.ruleClass == .call }.map(\.delaySeconds) == [30])
        #expect(rows.filter { $0.ruleClass == .high }.map(\.delaySeconds) == [10])
        #expect(rows.count == 2)
    }
}

/// Which rule an order's messages follow, and how often a method hears of one notification.
@Suite("Delivery orders and contact rules")
struct DeliveryOrderContactTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aCallFollowsTheCallRuleAShownNotificationItsSeverityAWithdrawalNone() {
        #expect(DeliveryOrder.call(at: Self.at).contactRule == .rule(.call))
        #expect(DeliveryOrder.subscribersCall(at: Self.at).contactRule == .rule(.call), "an escalation's call whatever the severity")
        #expect(DeliveryOrder.alert(at: Self.at).contactRule == .bySeverity)
        #expect(DeliveryOrder.alert(at: Self.at, bulk: true).contactRule == .bySeverity)
        #expect(DeliveryOrder.posts.contactRule == .bySeverity)
        #expect(DeliveryOrder.withdrawal(on: [.apns], at: Self.at).contactRule == .none, "a text cannot be taken back")
        #expect(DeliveryOrder.withdrawal(on: Platform.allCases, at: Self.at, bulk: true).contactRule == .none)
        for purpose in DeliveryPurpose.allCases {
            let order = DeliveryOrder(purpose: purpose, at: Self.at)
            let expected: DeliveryOrder.ContactRouting = switch purpose {
            case .alert: .bySeverity
            case .withdrawal: .none
            case .call, .subscribersCall: .rule(.call)
            }
            #expect(order.contactRule == expected, "\(purpose)")
        }
    }

    @Test func onlyWhatIsShownIsTextedOncePerNotification() {
        #expect(DeliveryOrder.alert(at: Self.at).contactOncePerNotification)
        #expect(DeliveryOrder.posts.contactOncePerNotification)
        #expect(!DeliveryOrder.call(at: Self.at).contactOncePerNotification, "one per call")
        #expect(!DeliveryOrder.subscribersCall(at: Self.at).contactOncePerNotification)
        #expect(!DeliveryOrder.withdrawal(on: [.apns], at: Self.at).contactOncePerNotification)
    }
}
