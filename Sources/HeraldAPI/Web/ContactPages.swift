import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// "Reaching you" (issue 42): a person's numbers, verified with a texted
/// code, their notification rules per class, and "test my setup". Every
/// change goes through `ContactMethods`, as the JSON API's does.
struct ContactPages {
    let web: WebSupport
    let contacts: ContactMethods
    let kinds: [ContactKind]

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("profile/contact", use: show)
        router.post("profile/contact/add", use: add)
        router.post("profile/contact/verify", use: verify)
        router.post("profile/contact/code", use: resend)
        router.post("profile/contact/remove", use: remove)
        router.post("profile/contact/rule", use: saveRule)
        router.post("profile/contact/test", use: test)
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        return try await render(user, request: request, tested: nil)
    }

    func render(_ user: User, request: Request, tested: (ContactRuleClass, [ContactMethods.TestedStep])?) async throws -> Response {
        let methods = try await contacts.methods(of: user)
        let rules = try await contacts.rules(of: user)
        let verified = methods.filter(\.isVerified)
        let language = try await web.language(request, user: user)
        func ruleName(_ ruleClass: ContactRuleClass) -> String { Catalog.text("contact.ruleClass.\(ruleClass.rawValue)", language) }
        let model = ContactPage(
            kinds: kinds.map { ContactPage.Kind(value: $0.rawValue, label: Self.kindName($0, language)) }, canAdd: !kinds.isEmpty,
            methods: methods.map {
                ContactPage.Method(
                    id: $0.id, kind: $0.kind.rawValue, address: $0.address, verified: $0.isVerified,
                    waiting: !$0.isVerified && ($0.verification.map { $0.expiresAt > Date() } ?? false), fromSignIn: $0.source == .signIn
                )
            },
            rules: ContactRuleClass.allCases.map { ruleClass in
                let steps = rules.effective.filter { $0.ruleClass == ruleClass }
                let reached = steps.sorted { $0.delaySeconds < $1.delaySeconds }.compactMap { step in
                    methods.first { $0.id == step.methodID }.map {
                        Self.stepText($0, seconds: step.delaySeconds, language)
                    }
                }
                return ContactPage.Rule(
                    ruleClass: ruleClass.rawValue, title: ruleName(ruleClass).capitalizedFirst, own: rules.own[ruleClass] != nil,
                    floor: rules.floor.withinSeconds[ruleClass].map { Catalog.text("contact.floor", language, ["seconds": "\($0)"]) },
                    summary: steps.isEmpty
                        ? Catalog.text("contact.pushesOnly", language)
                        : Catalog.text("contact.pushThen", language, ["steps": reached.joined(separator: ", ")]),
                    fields: verified.map { method in
                        ContactPage.Field(
                            methodID: method.id, address: method.address, reach: Catalog.text("contact.reachAfter", language, ["address": method.address]),
                            delay: steps.first { $0.methodID == method.id }.map { String($0.delaySeconds) } ?? ""
                        )
                    },
                    hasFields: !verified.isEmpty
                )
            },
            tested: tested.map { ruleClass, steps in
                ContactPage.Tested(
                    heading: Catalog.text("contact.testOf", language, ["rule": ruleName(ruleClass)]),
                    steps: steps.map {
                        ContactPage.TestedStep(
                            address: $0.method.address, normally: Catalog.text("contact.normallyAfter", language, ["seconds": "\($0.delaySeconds)"]),
                            // The sender's reason as it gave it, in the page's language where the errors area has it.
                            outcome: $0.failure.map { Catalog.text("contact.notSent", language, ["reason": Catalog.message($0, in: language)]) }
                                ?? Catalog.text("contact.sent", language)
                        )
                    },
                    none: steps.isEmpty
                )
            }
        )
        return try await web.page("contact", title: Catalog.text("contact.title", language), nav: "profile", user: user, request: request, model: model, language: language)
    }

    /// A kind of method as the form's choice shows it (its value stays the kind's name).
    /// One step of a rule as its person reads it: a text, a call, an email, or a message in an app or a chat.
    static func stepText(_ method: ContactMethod, seconds: Int, _ language: Language) -> String {
        let values = ["address": method.address, "seconds": "\(seconds)", "kind": kindName(method.kind, language)]
        switch method.kind {
        case .sms: return Catalog.text("contact.stepText", language, values)
        case .voice: return Catalog.text("contact.stepCall", language, values)
        case .email: return Catalog.text("contact.stepEmail", language, values)
        case .ntfy, .pushover, .matrix, .slack, .mattermost: return Catalog.text("contact.stepMessage", language, values)
        }
    }

    static func kindName(_ kind: ContactKind, _ language: Language) -> String {
        let key = "contact.kinds.\(kind.rawValue)"
        return Catalog.words[key] == nil ? kind.rawValue : Catalog.text(key, language)
    }

    @Sendable func add(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await checkedForm(request)
        guard let kind = form["kind"].flatMap(ContactKind.init(rawValue:)) else { throw UseCaseError.invalid(field: "kind", "Which kind of method?") }
        _ = try await contacts.add(kind: kind, address: form["address"] ?? "", for: user, logger: context.logger)
        return web.done(request, location: "/profile/contact?flash=code-sent")
    }

    @Sendable func verify(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await checkedForm(request)
        _ = try await contacts.verify(try method(form), code: form["code"] ?? "", for: user, logger: context.logger)
        return web.done(request, location: "/profile/contact?flash=verified")
    }

    @Sendable func resend(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await checkedForm(request)
        _ = try await contacts.resend(try method(form), for: user, logger: context.logger)
        return web.done(request, location: "/profile/contact?flash=code-sent")
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await checkedForm(request)
        try await contacts.remove(try method(form), for: user, logger: context.logger)
        return web.done(request, location: "/profile/contact?flash=removed")
    }

    /// One class's rule: a delay for each verified method that should be
    /// texted (blank: not), or the site's default again.
    @Sendable func saveRule(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await checkedForm(request)
        let ruleClass = try Self.ruleClass(form)
        if form["default"] == "1" {
            _ = try await contacts.setRule(ruleClass, steps: nil, for: user, logger: context.logger)
            return web.done(request, location: "/profile/contact?flash=saved")
        }
        var steps: [ContactRuleStep] = []
        for method in try await contacts.methods(of: user) where method.isVerified {
            let typed = (form["delay_\(method.id)"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { continue }
            guard let seconds = Int(typed) else { throw UseCaseError.invalid(field: "delay", "A delay is a number of seconds (0 for at once)") }
            steps.append(ContactRuleStep(methodID: method.id, delaySeconds: seconds))
        }
        _ = try await contacts.setRule(ruleClass, steps: steps, for: user, logger: context.logger)
        return web.done(request, location: "/profile/contact?flash=saved")
    }

    @Sendable func test(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await checkedForm(request)
        let ruleClass = try Self.ruleClass(form)
        let tested = try await contacts.test(ruleClass, for: user, logger: context.logger)
        return try await render(user, request: request, tested: (ruleClass, tested))
    }

    private func checkedForm(_ request: Request) async throws -> [String: String] {
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        return form
    }

    private func method(_ form: [String: String]) throws -> Int64 {
        guard let id = form["method"].flatMap({ Int64($0) }) else { throw APIError(.badRequest, "Which method?") }
        return id
    }

    static func ruleClass(_ form: [String: String]) throws -> ContactRuleClass {
        guard let ruleClass = form["class"].flatMap(ContactRuleClass.init(rawValue:)) else { throw APIError(.badRequest, "Which rule?") }
        return ruleClass
    }
}

struct ContactPage: PageModel {
    /// A kind the site can send: its name (the form's value) and how the choice reads.
    struct Kind: PageValues {
        var value, label: String
    }

    struct Method: PageValues {
        var id: Int64
        var kind, address: String
        var verified: Bool
        /// A code was sent and still works.
        var waiting: Bool
        /// An address the sign-in vouches for: kept with it, not removed here.
        var fromSignIn: Bool
    }

    struct Field: PageValues {
        var methodID: Int64
        var address: String
        /// "Reach … after", before the delay's field.
        var reach: String
        /// Seconds after the push; blank: this method is not in the rule.
        var delay: String
    }

    struct Rule: PageValues {
        var ruleClass, title: String
        var own: Bool
        var floor: String?
        var summary: String
        var fields: [Field]
        /// Stored, as the template reads stored properties only.
        var hasFields: Bool
    }

    struct TestedStep: PageValues {
        var address: String
        /// "normally after … s".
        var normally: String
        var outcome: String
    }

    struct Tested: PageValues {
        /// "Test of …".
        var heading: String
        var steps: [TestedStep]
        var none: Bool
    }

    /// The kinds the site can send (empty: none, and nothing can be added).
    var kinds: [Kind]
    var canAdd: Bool
    var methods: [Method]
    var rules: [Rule]
    var tested: Tested?
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
