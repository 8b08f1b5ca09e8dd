/// The answer of `/-/ready`: every check with its outcome. The process is
/// ready when every required check passes; the others (a bridge to a
/// broker that is away) are reported without taking the API out of
/// service.
public struct ReadinessReport: Sendable, Encodable, Equatable {
    public struct Check: Sendable, Encodable, Equatable {
        public let name: String
        public let ok: Bool
        public let required: Bool
        /// Why it failed; nil when it passed.
        public let reason: String?

        public init(name: String, ok: Bool, required: Bool = true, reason: String? = nil) {
            self.name = name
            self.ok = ok
            self.required = required
            self.reason = ok ? nil : reason
        }
    }

    public let ready: Bool
    public let checks: [Check]

    public init(checks: [Check]) {
        self.checks = checks
        ready = checks.allSatisfy { $0.ok || !$0.required }
    }
}
