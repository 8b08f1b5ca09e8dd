import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird server on a loopback port for the duration of a test: a
/// site's authentication service, an OpenID provider.
public enum LiveServer {
    /// Starts `router` on 127.0.0.1 at a free port; returns the port and how to stop it.
    public static func start<Context: RequestContext>(
        router: Router<Context>
    ) async throws -> (port: Int, stop: @Sendable () async throws -> Void) where Context.Source == ApplicationRequestContextSource {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) }, logger: TestDatabase.logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: TestDatabase.logger))
        // A test's own background server: it ends with `stop`.
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestSetupError("the test server did not start") }
        return (port, {
            await group.triggerGracefulShutdown()
            try await running.value
        })
    }
}
