import Foundation

/// Which of a person's rules a message falls under (issue 42): the
/// notification's severity, in the bands the standard urgency table draws
/// (docs/urgency.md), or an escalation's call, above them all.
public enum ContactRuleClass: String, Sendable, CaseIterable, Codable, Comparable {
    /// What being on call needs to reach someone without a push: a step for
    /// critical alarms or for an escalation's call (the coverage view, the
    /// shift notices).
    public static let onCall: [ContactRuleClass] = [.critical, .call]

    /// No severity up to `minor`: passive or ordinary pushes.
    case routine
    /// `major` up to `undefined`: time-sensitive pushes.
    case high
    /// `critical`.
    case critical
    /// An escalation step calling the person.
    case call

    /// The queue priorities (`DeliveryPriority`) of its messages, which is
    /// how the store matches a queued message to the person's steps.
    public var priorities: ClosedRange<Int> {
        switch self {
        case .routine: 0...Severity.minor.rank
        case .high: Severity.major.rank...Severity.undefined.rank
        case .critical: Severity.critical.rank...Severity.critical.rank
        case .call: DeliveryPriority.call...DeliveryPriority.call
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// One step of a person's rule: reach them on this contact method this
/// long after the message (pushes always go at once).
public struct ContactRuleStep: Sendable, Equatable, Codable {
    public var methodID: Int64
    public var delaySeconds: Int

    public init(methodID: Int64, delaySeconds: Int) {
        self.methodID = methodID
        self.delaySeconds = delaySeconds
    }
}

/// A step as the queue applies it: a message of these priorities to this
/// person queues one to this contact device, due this long after it.
public struct ContactStepRow: Sendable, Equatable {
    public var userID: UserID
    public var methodID: Int64
    public var deviceID: Int64
    public var ruleClass: ContactRuleClass
    public var delaySeconds: Int

    public init(userID: UserID, methodID: Int64, deviceID: Int64, ruleClass: ContactRuleClass, delaySeconds: Int) {
        self.userID = userID
        self.methodID = methodID
        self.deviceID = deviceID
        self.ruleClass = ruleClass
        self.delaySeconds = delaySeconds
    }
}

/// The site's rules for a person who has not set their own for a class
/// (`CONTACT_DEFAULT_RULES`, e.g. `call=sms@60 voice@180, critical=sms@120`):
/// each step a kind of method and a delay, applied to every verified method
/// of that kind.
public struct ContactDefaults: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var kind: ContactKind
        public var delaySeconds: Int
        public init(kind: ContactKind, delaySeconds: Int) {
            self.kind = kind
            self.delaySeconds = delaySeconds
        }
    }

    public var steps: [ContactRuleClass: [Step]]

    public init(steps: [ContactRuleClass: [Step]] = [:]) {
        self.steps = steps
    }

    /// Out of the box: an escalation's call texts a minute after its push.
    public static let standard = ContactDefaults(steps: [.call: [Step(kind: .sms, delaySeconds: 60)]])

    /// `class=kind@seconds kind@seconds, class=…`; an empty text is no steps.
    public static func parse(_ text: String) -> Result<ContactDefaults, ContactRulesError> {
        var steps: [ContactRuleClass: [Step]] = [:]
        for entry in text.split(separator: ",") where !String(entry).trimmingWhitespace().isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2, let ruleClass = ContactRuleClass(rawValue: parts[0].lowercased()) else {
                return .failure(ContactRulesError("'\(String(entry).trimmingWhitespace())' is not class=kind@seconds (classes: \(ContactRuleClass.names))"))
            }
            var list: [Step] = []
            for word in parts[1].split(separator: " ") {
                let pair = word.split(separator: "@", maxSplits: 1).map(String.init)
                guard pair.count == 2, let kind = ContactKind(rawValue: pair[0].lowercased()), let seconds = Int(pair[1]),
                    (0...ContactRules.maximumDelaySeconds).contains(seconds)
                else {
                    return .failure(ContactRulesError("'\(word)' is not kind@seconds (kinds: \(ContactKind.names); 0 to \(ContactRules.maximumDelaySeconds) s)"))
                }
                list.append(Step(kind: kind, delaySeconds: seconds))
            }
            steps[ruleClass] = list
        }
        return .success(ContactDefaults(steps: steps))
    }
}

/// What the site asks of everyone's rules (`CONTACT_RULES_FLOOR`, e.g.
/// `call=300`): a message of the class reaches them by a method other than
/// push within that many seconds. People may set rules above it, not below.
public struct ContactFloor: Sendable, Equatable {
    public var withinSeconds: [ContactRuleClass: Int]

    public init(withinSeconds: [ContactRuleClass: Int] = [:]) {
        self.withinSeconds = withinSeconds
    }

    public static func parse(_ text: String) -> Result<ContactFloor, ContactRulesError> {
        var within: [ContactRuleClass: Int] = [:]
        for entry in text.split(separator: ",") where !String(entry).trimmingWhitespace().isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2, let ruleClass = ContactRuleClass(rawValue: parts[0].lowercased()), let seconds = Int(parts[1]),
                (0...ContactRules.maximumDelaySeconds).contains(seconds)
            else { return .failure(ContactRulesError("'\(String(entry).trimmingWhitespace())' is not class=seconds (classes: \(ContactRuleClass.names))")) }
            within[ruleClass] = seconds
        }
        return .success(ContactFloor(withinSeconds: within))
    }

    /// Why these steps for `ruleClass` fall below the floor; nil when they do not.
    public func refusal(_ steps: [ContactRuleStep], for ruleClass: ContactRuleClass) -> String? {
        guard let seconds = withinSeconds[ruleClass] else { return nil }
        if steps.contains(where: { $0.delaySeconds <= seconds }) { return nil }
        return "The site asks that \(ContactRules.describe(ruleClass)) reach you by a way other than push (a text, a call, email, ntfy or Pushover) within \(seconds) s: add such a step"
    }
}

/// A person's own rules, per class, and what the queue applies of them.
public enum ContactRules {
    public static let maximumDelaySeconds = 86_400
    public static let maximumStepsPerClass = 6

    /// The steps the queue applies for `userID`: for each class the
    /// person's own steps where they set them (`own`; an empty list means
    /// "nothing but pushes"), else the site's defaults on every verified
    /// method of each kind. Steps name verified methods only.
    public static func effective(
        userID: UserID, own: [ContactRuleClass: [ContactRuleStep]], methods: [ContactMethod], defaults: ContactDefaults
    ) -> [ContactStepRow] {
        let verified = methods.filter { $0.isVerified && $0.deviceID != nil && $0.userID == userID }
        var rows: [ContactStepRow] = []
        var seen = Set<String>()
        func add(_ method: ContactMethod, _ ruleClass: ContactRuleClass, _ delay: Int) {
            guard let device = method.deviceID, seen.insert("\(method.id) \(ruleClass.rawValue)").inserted else { return }
            rows.append(ContactStepRow(userID: userID, methodID: method.id, deviceID: device, ruleClass: ruleClass, delaySeconds: delay))
        }
        for ruleClass in ContactRuleClass.allCases {
            if let steps = own[ruleClass] {
                for step in steps {
                    if let method = verified.first(where: { $0.id == step.methodID }) { add(method, ruleClass, step.delaySeconds) }
                }
            } else {
                for step in defaults.steps[ruleClass] ?? [] {
                    for method in verified where method.kind == step.kind { add(method, ruleClass, step.delaySeconds) }
                }
            }
        }
        return rows
    }

    /// Why a person's new steps for a class cannot be kept; nil when they can.
    public static func refusal(
        _ steps: [ContactRuleStep], for ruleClass: ContactRuleClass, methods: [ContactMethod], floor: ContactFloor
    ) -> String? {
        if steps.count > maximumStepsPerClass { return "At most \(maximumStepsPerClass) steps for \(describe(ruleClass))" }
        for step in steps {
            guard let method = methods.first(where: { $0.id == step.methodID }) else { return "Contact method \(step.methodID) is not one of yours" }
            guard method.isVerified else { return "Verify \(method.hint) before a rule uses it" }
            guard (0...maximumDelaySeconds).contains(step.delaySeconds) else { return "A step's delay is 0 to \(maximumDelaySeconds) seconds" }
        }
        if Set(steps.map(\.methodID)).count != steps.count { return "Each method at most once for \(describe(ruleClass))" }
        return floor.refusal(steps, for: ruleClass)
    }

    public static func describe(_ ruleClass: ContactRuleClass) -> String {
        switch ruleClass {
        case .routine: "routine notifications"
        case .high: "high-severity notifications"
        case .critical: "critical notifications"
        case .call: "an escalation's call"
        }
    }
}

public struct ContactRulesError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
