import ServiceLifecycle

/// Closes a resource (an HTTP client, a thread pool) when the process shuts
/// down: a service group member that only waits for the graceful shutdown,
/// so what it closes outlives every part that uses it.
public struct ClosingService: Service, CustomStringConvertible {
    let close: @Sendable () async -> Void
    public let description: String

    public init(_ name: String = "closing", close: @escaping @Sendable () async -> Void) {
        self.description = name
        self.close = close
    }

    public func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
