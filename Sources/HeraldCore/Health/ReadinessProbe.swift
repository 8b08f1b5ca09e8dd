/// `/-/ready`: the database answers within `timeout` and has applied every
/// migration this build ships, and the parts this process must run (the
/// delivery worker, where it runs here) are running. Optional parts (the
/// Kafka bridge) are reported but do not make the process unready: a
/// broker that is away must not take the API out of its load balancer.
public struct ReadinessProbe: Sendable {
    public let schema: any SchemaStatus
    public let expectedMigrations: Set<Int>
    public let parts: PartStates
    public let requiredParts: [Part]
    public let optionalParts: [Part]
    public let timeout: Duration

    public init(
        schema: any SchemaStatus, expectedMigrations: Set<Int>, parts: PartStates, requiredParts: [Part], optionalParts: [Part] = [],
        timeout: Duration = .seconds(2)
    ) {
        self.schema = schema
        self.expectedMigrations = expectedMigrations
        self.parts = parts
        self.requiredParts = requiredParts
        self.optionalParts = optionalParts
        self.timeout = timeout
    }

    public func report() async -> ReadinessReport {
        var checks: [ReadinessReport.Check] = []
        do {
            let applied = try await withDeadline { try await schema.appliedMigrations() }
            checks.append(.init(name: "database", ok: true))
            let missing = expectedMigrations.subtracting(applied).sorted()
            checks.append(.init(name: "migrations", ok: missing.isEmpty, reason: "not applied: \(missing.map(String.init).joined(separator: ", "))"))
        } catch {
            checks.append(.init(name: "database", ok: false, reason: "\(error)"))
            checks.append(.init(name: "migrations", ok: false, reason: "unknown while the database does not answer"))
        }
        for (part, required) in requiredParts.map({ ($0, true) }) + optionalParts.map({ ($0, false) }) {
            switch parts.state(of: part) {
            case .running: checks.append(.init(name: part.name, ok: true, required: required))
            case .stopped(let reason): checks.append(.init(name: part.name, ok: false, required: required, reason: reason))
            }
        }
        return ReadinessReport(checks: checks)
    }

    /// The database's answer, or an error once `timeout` has passed: a
    /// database that is away must not hold the probe until the orchestrator
    /// gives up on it.
    private func withDeadline<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw DatabaseTimeout(after: timeout)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}

struct DatabaseTimeout: Error, CustomStringConvertible {
    let after: Duration
    var description: String { "no answer within \(after)" }
}
