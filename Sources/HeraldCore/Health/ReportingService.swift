import ServiceLifecycle

/// Runs a part and tells `PartStates` whether it runs: running while
/// `run()` is under way, stopped with the error (or "finished") after.
public struct ReportingService: Service {
    let name: String
    let service: any Service
    let parts: PartStates

    public init(name: String, _ service: any Service, parts: PartStates) {
        self.name = name
        self.service = service
        self.parts = parts
    }

    public func run() async throws {
        parts.set(name, .running)
        do {
            try await service.run()
            parts.set(name, .stopped(reason: "finished"))
        } catch {
            parts.set(name, .stopped(reason: "failed: \(error)"))
            throw error
        }
    }
}

extension ReportingService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { name }
}
