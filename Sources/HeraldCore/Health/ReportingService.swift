import ServiceLifecycle

/// Runs a part and tells `PartStates` whether it runs: running while
/// `run()` is under way, stopped with the error (or "finished") after.
public struct ReportingService: Service {
    let part: Part
    let service: any Service
    let parts: PartStates

    public init(_ part: Part, _ service: any Service, parts: PartStates) {
        self.part = part
        self.service = service
        self.parts = parts
    }

    public func run() async throws {
        parts.set(part, .running)
        do {
            try await service.run()
            parts.set(part, .stopped(reason: "finished"))
        } catch {
            parts.set(part, .stopped(reason: "failed: \(error)"))
            throw error
        }
    }
}

extension ReportingService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { part.name }
}
