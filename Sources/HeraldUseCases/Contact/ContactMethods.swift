import Foundation
import HeraldCore
import Logging

/// A person's contact methods and their rules (issue 42), the same for the
/// JSON API and the profile page: add (a code sent), verify, remove; each
/// class's rule set or given back to the site's default; what the queue
/// applies worked out again after each change.
public struct ContactMethods: Sendable {
    public typealias Store = ContactStore & LanguageStore & AuditStore
    let store: any Store
    let settings: ContactSettings
    let sender: (any ContactCodeSender)?
    let visibility: ServiceVisibility
    let brake: UserChangeBrake
    let clock: WallClock
    /// Each method added, verified or removed, and each rule set (issue 42):
    /// the kind and the hint, never the whole address.
    let audit: AuditTrail
    /// Codes per person and per address: 5 an hour each, and 3 at once.
    let codesPerPerson: KeyedBuckets<UserID>
    let codesPerAddress: KeyedBuckets<String>
    /// Tests per person: 3 at once, then one every 5 minutes (each texts every method a rule names).
    let testsPerPerson = KeyedBuckets<UserID>(perSecond: 1.0 / 300, burst: 3)
    /// Chat usernames looked up per person: 10 at once, then 20 an hour (each asks the chat service as the site's bot).
    let lookupsPerPerson = KeyedBuckets<UserID>(perSecond: 20.0 / 3600, burst: 10)
    public static let maximumMethods = 6

    public init(
        store: any Store, settings: ContactSettings, sender: (any ContactCodeSender)?, visibility: ServiceVisibility, brake: UserChangeBrake,
        clock: WallClock
    ) {
        self.store = store
        self.settings = settings
        self.sender = sender
        self.visibility = visibility
        self.brake = brake
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        codesPerPerson = KeyedBuckets(perSecond: 5.0 / 3600, burst: 3)
        codesPerAddress = KeyedBuckets(perSecond: 5.0 / 3600, burst: 3)
    }

    public func methods(of user: User) async throws -> [ContactMethod] {
        try await store.contactMethods(userID: user.id)
    }

    /// Adds an address (a code goes to it) or, for one the person has
    /// already, sends a new code while it is unverified.
    public func add(kind: ContactKind, address: String, for user: User, logger: Logger) async throws -> ContactMethod {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot add contact methods") }
        guard settings.kinds.contains(kind), sender != nil else {
            throw UseCaseError.invalid(field: "kind", "This site sends no \(kind.rawValue) messages (its kinds: \(settings.kinds.map(\.rawValue).joined(separator: ", ")))")
        }
        var normalized: String
        switch ContactAddress.normalized(address, kind: kind) {
        case .success(let value): normalized = value
        case .failure(let error): throw UseCaseError.invalid(field: "address", error.message)
        }
        // A site texts the countries its people are in (SMS_COUNTRIES): a code is never sent to a premium or far-off number.
        if kind == .sms || kind == .voice, !settings.countries.isEmpty, !settings.countries.contains(where: { normalized.hasPrefix($0) }) {
            throw UseCaseError.invalid(field: "address", "This site texts numbers in \(settings.countries.joined(separator: ", ")) only")
        }
        try brake.take(user)
        if let sender, normalized.hasPrefix("@"), kind == .mattermost {
            if let wait = lookupsPerPerson.take(user.id, now: clock.now()) {
                throw UseCaseError.braked(retryAfter: wait, "Too many usernames looked up: try again in \(wait) seconds")
            }
            // A @username is looked up once and its id kept: a username can be given up and taken by someone else, the id not.
            do {
                normalized = try await sender.canonical(normalized, kind: kind)
            } catch let error as ContactAddressError {
                throw UseCaseError.invalid(field: "address", error.message)
            } catch {
                logger.warning("a chat user could not be looked up", metadata: ["kind": "\(kind.rawValue)", "error": "\(error)"])
                throw UseCaseError.conflict("Mattermost could not be asked who \(normalized) is: try again later")
            }
        }
        let existing = try await store.contactMethods(userID: user.id)
        if let known = existing.first(where: { $0.kind == kind && $0.address == normalized }) {
            return known.isVerified ? known : try await sendCode(to: known, for: user, logger: logger)
        }
        guard existing.count < Self.maximumMethods else {
            throw UseCaseError.overLimit(field: "address", "At most \(Self.maximumMethods) contact methods each: remove one first")
        }
        guard let method = try await store.addContactMethod(userID: user.id, kind: kind, address: normalized, at: clock.now()) else {
            throw UseCaseError.notFound("User")
        }
        logger.info("contact method added", metadata: ["user": "\(user.username)", "kind": "\(kind.rawValue)", "address": "\(method.hint)"])
        await record(.contactAdded, method, by: user, logger: logger)
        return try await sendCode(to: method, for: user, logger: logger)
    }

    /// A new code for an unverified method of the person's.
    public func resend(_ methodID: Int64, for user: User, logger: Logger) async throws -> ContactMethod {
        let method = try await mine(methodID, of: user)
        guard !method.isVerified else { throw UseCaseError.conflict("\(method.hint) is verified already") }
        try brake.take(user)
        return try await sendCode(to: method, for: user, logger: logger)
    }

    private func sendCode(to method: ContactMethod, for user: User, logger: Logger) async throws -> ContactMethod {
        guard let sender else { throw UseCaseError.invalid(field: "kind", "This site sends no \(method.kind.rawValue) messages") }
        let now = clock.now()
        if let wait = codesPerPerson.take(user.id, now: now) ?? codesPerAddress.take("\(method.kind.rawValue) \(method.address)", now: now) {
            throw UseCaseError.braked(retryAfter: wait, "Too many codes sent: try again in \(wait) seconds")
        }
        let code = ContactVerification.newCode()
        let pending = ContactVerification.pending(code: code, methodID: method.id, now: now)
        guard try await store.setContactCode(methodID: method.id, userID: user.id, pending: pending) else { throw UseCaseError.notFound("Contact method") }
        do {
            // In the person's language where they chose one (else the site's).
            let language = (try? await store.language(of: user.id)) ?? nil
            try await sender.send(code: code, to: method, language: language)
        } catch {
            _ = try? await store.setContactCode(methodID: method.id, userID: user.id, pending: nil)
            logger.warning("verification code not sent", metadata: ["user": "\(user.username)", "address": "\(method.hint)", "error": "\(error)"])
            throw UseCaseError.conflict("The code could not be sent to \(method.hint): \(error)")
        }
        logger.info("verification code sent", metadata: ["user": "\(user.username)", "address": "\(method.hint)"])
        var sent = method
        sent.verification = pending
        return sent
    }

    /// Checks a code typed for one of the person's methods; verified, the
    /// method joins the person's rules (the site's default, or theirs).
    public func verify(_ methodID: Int64, code: String, for user: User, logger: Logger) async throws -> ContactMethod {
        let method = try await mine(methodID, of: user)
        if method.isVerified { return method }
        try brake.take(user)
        guard method.verification != nil else { throw UseCaseError.invalid(field: "code", "No code is waiting for \(method.hint): ask for one") }
        // The try is taken before the code is judged: concurrent tries cannot pass the limit.
        let pending = try await store.takeContactCodeTry(methodID: method.id, userID: user.id)
        guard pending != nil else { throw UseCaseError.invalid(field: "code", "Too many wrong codes: ask for a new one") }
        switch ContactVerification.judge(code, pending: pending, methodID: method.id, now: clock.now()) {
        case .verified:
            guard let verified = try await store.verifyContactMethod(methodID: method.id, userID: user.id, at: clock.now()) else {
                throw UseCaseError.notFound("Contact method")
            }
            try await settle(user.id)
            logger.info("contact method verified", metadata: ["user": "\(user.username)", "address": "\(method.hint)"])
            await record(.contactVerified, method, by: user, logger: logger)
            return verified
        case .wrong(let left):
            throw UseCaseError.invalid(field: "code", "That is not the code sent to \(method.hint): \(left) \(left == 1 ? "try" : "tries") left")
        case .noCode:
            throw UseCaseError.invalid(field: "code", "No code is waiting for \(method.hint): ask for one")
        case .expired:
            throw UseCaseError.invalid(field: "code", "The code has expired: ask for a new one")
        case .exhausted:
            throw UseCaseError.invalid(field: "code", "Too many wrong codes: ask for a new one")
        }
    }

    /// An email address the person's sign-in vouches for (the directory's
    /// `mail`, a verified OpenID `email`; nil: it vouches for none now):
    /// theirs and verified without a code. One they had not entered is
    /// made and marked as the sign-in's (kept with it, not removed by
    /// them); one they entered is only verified, and stays theirs. A
    /// sign-in's address the login no longer names is removed. The rules
    /// decide what it gets (the site's defaults, or the person's own).
    /// Nothing where the site sends no email, for a confined account, or
    /// past the methods one may have.
    public func adoptSignInEmail(_ address: String?, for user: User, logger: Logger) async throws {
        guard !visibility.isConfined(user), settings.kinds.contains(.email), sender != nil else { return }
        var normalized: String?
        if let address {
            guard case .success(let value) = ContactAddress.normalized(address, kind: .email) else {
                logger.notice("a sign-in's email address is not one Herald writes to", metadata: ["user": "\(user.username)"])
                return
            }
            normalized = value
        }
        var existing = try await store.contactMethods(userID: user.id)
        var changed = false
        for old in existing where old.source == .signIn && old.address != normalized {
            if try await store.removeContactMethod(methodID: old.id, userID: user.id) {
                changed = true
                await record(.contactRemoved, old, by: user, logger: logger, source: .signIn)
            }
            existing.removeAll { $0.id == old.id }
        }
        if let normalized {
            if let entered = existing.first(where: { $0.kind == .email && $0.address == normalized }) {
                if !entered.isVerified, try await store.verifyContactMethod(methodID: entered.id, userID: user.id, at: clock.now()) != nil {
                    changed = true
                    await record(.contactVerified, entered, by: user, logger: logger, source: .signIn)
                }
            } else if existing.count >= Self.maximumMethods {
                logger.notice("a sign-in's email address not kept: the person has the most contact methods one may", metadata: ["user": "\(user.username)"])
            } else if let made = try await store.addContactMethod(userID: user.id, kind: .email, address: normalized, at: clock.now()),
                try await store.setContactSource(methodID: made.id, userID: user.id, .signIn),
                try await store.verifyContactMethod(methodID: made.id, userID: user.id, at: clock.now()) != nil
            {
                changed = true
                await record(.contactAdded, made, by: user, logger: logger, source: .signIn)
                await record(.contactVerified, made, by: user, logger: logger, source: .signIn)
                logger.info("a sign-in's email address kept", metadata: ["user": "\(user.username)", "address": "\(made.hint)"])
            }
        }
        if changed { try await settle(user.id) }
    }

    public func remove(_ methodID: Int64, for user: User, logger: Logger) async throws {
        let method = try await mine(methodID, of: user)
        guard method.source != .signIn else {
            throw UseCaseError.conflict("This address comes from your sign-in and returns with it: leave it out of your rules instead")
        }
        try brake.take(user)
        guard try await store.removeContactMethod(methodID: method.id, userID: user.id) else { throw UseCaseError.notFound("Contact method") }
        try await settle(user.id)
        logger.info("contact method removed", metadata: ["user": "\(user.username)", "address": "\(method.hint)"])
        await record(.contactRemoved, method, by: user, logger: logger)
    }

    /// The person's rules: their own per class, and what applies to them.
    public struct Rules: Sendable, Equatable {
        public var own: [ContactRuleClass: [ContactRuleStep]]
        public var effective: [ContactStepRow]
        public var defaults: ContactDefaults
        public var floor: ContactFloor
    }

    public func rules(of user: User) async throws -> Rules {
        let own = try await store.contactRules(userID: user.id)
        let methods = try await store.contactMethods(userID: user.id)
        return Rules(
            own: own, effective: ContactRules.effective(userID: user.id, own: own, methods: methods, defaults: settings.defaults),
            defaults: settings.defaults, floor: settings.floor
        )
    }

    /// Sets the person's rule for a class (nil: the site's default again).
    public func setRule(_ ruleClass: ContactRuleClass, steps: [ContactRuleStep]?, for user: User, logger: Logger) async throws -> Rules {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot set notification rules") }
        try brake.take(user)
        let methods = try await store.contactMethods(userID: user.id)
        // Another person's method (or none) is not there for this person: 404, as every route answers it.
        if let missing = steps?.first(where: { step in !methods.contains { $0.id == step.methodID } }) {
            throw UseCaseError.notFound("Contact method \(missing.methodID)")
        }
        if let steps, let method = steps.lazy.compactMap({ step in methods.first { $0.id == step.methodID && !$0.isVerified } }).first {
            throw UseCaseError.conflict("Verify \(method.hint) before a rule uses it")
        }
        if let steps, let refusal = ContactRules.refusal(steps, for: ruleClass, methods: methods, floor: settings.floor) {
            throw UseCaseError.invalid(field: "steps", refusal)
        }
        var own = try await store.contactRules(userID: user.id)
        own[ruleClass] = steps
        let effective = ContactRules.effective(userID: user.id, own: own, methods: methods, defaults: settings.defaults)
        try await store.saveContactRules(userID: user.id, ruleClass: ruleClass, own: steps, steps: effective, at: clock.now())
        logger.info("notification rule set", metadata: ["user": "\(user.username)", "class": "\(ruleClass.rawValue)", "steps": "\(steps?.count ?? -1)"])
        await audit.record(
            .contactRulesChanged, by: AuditTrail.Who(id: user.id, name: user.username), target: "\(ruleClass.rawValue) rule of \(user.username)",
            after: AuditTrail.json(["steps": steps.map { $0.map { "\($0.methodID)@\($0.delaySeconds)s" }.joined(separator: ", ") } ?? "the site's default"]), logger: logger
        )
        return try await rules(of: user)
    }

    /// What "test my setup" did with one step of a rule.
    public struct TestedStep: Sendable, Equatable {
        public var method: ContactMethod
        public var delaySeconds: Int
        /// Nil: the provider took it; else why not.
        public var failure: String?
    }


    /// Test my setup: texts each method the person's rule for `ruleClass`
    /// names now (saying when it would come), and answers what became of
    /// each. Pushes are the devices' own test (the apps'); nothing is stored.
    public func test(_ ruleClass: ContactRuleClass, for user: User, logger: Logger) async throws -> [TestedStep] {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot test notification rules") }
        if let wait = testsPerPerson.take(user.id, now: clock.now()) {
            throw UseCaseError.braked(retryAfter: wait, "Tested a moment ago: try again in \(wait) seconds")
        }
        let current = try await rules(of: user)
        let methods = try await store.contactMethods(userID: user.id)
        var tested: [TestedStep] = []
        for step in current.effective where step.ruleClass == ruleClass {
            guard let method = methods.first(where: { $0.id == step.methodID }) else { continue }
            var failure: String?
            if let sender {
                do {
                    try await sender.send(
                        text: "Herald test: this is how \(ContactRules.describe(ruleClass)) reach you, \(step.delaySeconds) s after the push. No need to answer.",
                        to: method
                    )
                } catch {
                    failure = "\(error)"
                }
            } else {
                failure = "this site sends no \(method.kind.rawValue) messages"
            }
            tested.append(TestedStep(method: method, delaySeconds: step.delaySeconds, failure: failure))
        }
        logger.info("notification rule tested", metadata: ["user": "\(user.username)", "class": "\(ruleClass.rawValue)", "steps": "\(tested.count)"])
        return tested
    }

    /// Someone's methods as an admin sees them (issue 42's admin view): the
    /// kind, the hint, whether verified; never the whole address.
    public func methods(ofUser userID: UserID, by actor: Actor) async throws -> [(kind: ContactKind, hint: String, verified: Bool)] {
        try actor.must(.manageUsers)
        return try await store.contactMethods(userID: userID).map { ($0.kind, $0.hint, $0.isVerified) }
    }

    /// A rota's members whose only way to be reached is a push (no rule of
    /// theirs or the site's texts, calls or emails them for a critical alarm
    /// or an escalation's call): the coverage its managers see (issue 42).
    public func reachableOnlyByPush(_ rota: StoredRota, by actor: Actor) async throws -> [UserID] {
        try actor.must(.manageRota(rota.id))
        let reachable = Set(try await store.usersWithContactSteps(classes: ContactRuleClass.onCall))
        var seen = Set<UserID>()
        return rota.members.filter { !reachable.contains($0) && seen.insert($0).inserted }
    }

    /// Works out again what the queue applies for everyone with a verified
    /// method (at start: the site's defaults may have changed).
    public func settleEveryone(logger: Logger) async throws {
        let people = try await store.usersWithContactMethods()
        for person in people { try await settle(person) }
        if !people.isEmpty { logger.info("contact rules worked out again", metadata: ["people": "\(people.count)"]) }
    }

    private func settle(_ userID: UserID) async throws {
        let own = try await store.contactRules(userID: userID)
        let methods = try await store.contactMethods(userID: userID)
        let effective = ContactRules.effective(userID: userID, own: own, methods: methods, defaults: settings.defaults)
        try await store.saveContactRules(userID: userID, ruleClass: nil, own: nil, steps: effective, at: clock.now())
    }

    /// One audit entry for a method: its kind and hint, by its person (a
    /// sign-in's address is recorded as that sign-in's).
    private func record(_ action: AuditAction, _ method: ContactMethod, by user: User, logger: Logger, source: ContactSource? = nil) async {
        var after = ["kind": method.kind.rawValue, "address": method.hint]
        if let source { after["source"] = source.rawValue }
        await audit.record(action, by: AuditTrail.Who(id: user.id, name: user.username), target: "contact method of \(user.username)", after: AuditTrail.json(after), logger: logger)
    }

    private func mine(_ methodID: Int64, of user: User) async throws -> ContactMethod {
        guard let method = try await store.contactMethods(userID: user.id).first(where: { $0.id == methodID }) else {
            throw UseCaseError.notFound("Contact method")
        }
        return method
    }
}
