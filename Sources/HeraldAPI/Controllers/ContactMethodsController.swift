import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// A person's contact methods and notification rules (issue 42).
struct ContactMethodsController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let contacts: ContactMethods

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users/user/contact-methods", use: list)
        group.post("users/user/contact-methods", use: add)
        group.post("users/user/contact-methods/{method_id}/verify", use: verify)
        group.post("users/user/contact-methods/{method_id}/code", use: resend)
        group.delete("users/user/contact-methods/{method_id}", use: remove)
        group.get("users/user/notification-rules", use: rules)
        group.put("users/user/notification-rules/{rule_class}", use: setRule)
        group.delete("users/user/notification-rules/{rule_class}", use: clearRule)
        group.post("users/user/notification-rules/{rule_class}/test", use: test)
    }

    struct AddInput: Decodable {
        var kind: String
        var address: String
    }

    struct VerifyInput: Decodable {
        var code: String
    }

    struct StepBody: Codable {
        var method_id: Int64
        var delay_seconds: Int
    }

    struct RuleInput: Decodable {
        var steps: [StepBody]
    }

    struct MethodBody: Encodable {
        var id: Int64
        var kind: String
        var address: String
        var verified: Bool
        var verified_at: String?
        /// While a code waits to be typed: when it stops working.
        var code_expires_at: String?
        /// `entered` by its person, or `sign-in`: an address their sign-in vouches for.
        var source: String

        init(_ method: ContactMethod) {
            id = method.id
            kind = method.kind.rawValue
            address = method.address
            verified = method.isVerified
            verified_at = method.verifiedAt.map(Timestamp.wireString)
            code_expires_at = method.isVerified ? nil : method.verification.map { Timestamp.wireString($0.expiresAt) }
            source = method.source.rawValue
        }
    }

    struct RuleBody: Encodable {
        var rule_class: String
        /// The person's own (false: the site's default applies).
        var own: Bool
        var steps: [StepBody]
        /// The site's floor: a non-push step within this many seconds.
        var floor_seconds: Int?
    }

    struct RulesBody: Encodable {
        var rules: [RuleBody]

        init(_ rules: ContactMethods.Rules) {
            self.rules = ContactRuleClass.allCases.map { ruleClass in
                let effective = rules.effective.filter { $0.ruleClass == ruleClass }.map { StepBody(method_id: $0.methodID, delay_seconds: $0.delaySeconds) }
                return RuleBody(
                    rule_class: ruleClass.rawValue, own: rules.own[ruleClass] != nil, steps: effective, floor_seconds: rules.floor.withinSeconds[ruleClass]
                )
            }
        }
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(try await contacts.methods(of: user).map(MethodBody.init))
    }

    @Sendable func add(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json(AddInput.self, from: request)
        guard let kind = ContactKind(rawValue: input.kind.lowercased()) else {
            throw UseCaseError.invalid(field: "kind", "A contact method is one of \(ContactKind.names)")
        }
        let method = try await contacts.add(kind: kind, address: input.address, for: user, logger: context.logger)
        return JSONBody.response(MethodBody(method), status: method.isVerified ? .ok : .created)
    }

    @Sendable func verify(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let id = try Identifiers.integer(context, "method_id")
        let input = try await decoding.json(VerifyInput.self, from: request)
        return JSONBody.response(MethodBody(try await contacts.verify(id, code: input.code, for: user, logger: context.logger)))
    }

    @Sendable func resend(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(MethodBody(try await contacts.resend(try Identifiers.integer(context, "method_id"), for: user, logger: context.logger)))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        try await contacts.remove(try Identifiers.integer(context, "method_id"), for: user, logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func rules(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(RulesBody(try await contacts.rules(of: user)))
    }

    @Sendable func setRule(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let ruleClass = try Self.ruleClass(context)
        let input = try await decoding.json(RuleInput.self, from: request)
        let steps = input.steps.map { ContactRuleStep(methodID: $0.method_id, delaySeconds: $0.delay_seconds) }
        return JSONBody.response(RulesBody(try await contacts.setRule(ruleClass, steps: steps, for: user, logger: context.logger)))
    }

    @Sendable func clearRule(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(RulesBody(try await contacts.setRule(try Self.ruleClass(context), steps: nil, for: user, logger: context.logger)))
    }

    static func ruleClass(_ context: HeraldRequestContext) throws -> ContactRuleClass {
        guard let name = context.parameters.get("rule_class"), let ruleClass = ContactRuleClass(rawValue: name) else {
            throw UseCaseError.notFound("Rule class (\(ContactRuleClass.names))")
        }
        return ruleClass
    }
}

extension ContactMethodsController {
    struct TestedBody: Encodable {
        var method_id: Int64
        var address: String
        var delay_seconds: Int
        var outcome: String
        var reason: String?
    }

    /// Test my setup: each method the class's rule names is texted now.
    @Sendable func test(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let tested = try await contacts.test(try Self.ruleClass(context), for: user, logger: context.logger)
        return JSONBody.response(
            tested.map { TestedBody(method_id: $0.method.id, address: $0.method.address, delay_seconds: $0.delaySeconds, outcome: $0.failure == nil ? "sent" : "failed", reason: $0.failure) }
        )
    }
}
