import ArgumentParser
import HeraldServer

struct Worker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run only the delivery worker, to push from more processes or hosts.",
        discussion: """
            Workers share the queue through PostgreSQL (FOR UPDATE SKIP LOCKED with a lease), so any number can \
            run next to the servers; run the servers with DELIVERY_WORKER=off to keep pushing out of them. \
            On SQLite, use the worker inside `herald serve` instead: only one process should push. \
            The worker serves /metrics and /-/health on HTTP_HOST:HTTP_PORT (or --host/--port): give it its own port \
            when it shares a host with a server.
            """
    )

    @OptionGroup var listen: ListenOptions

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load(listen: listen)
        try await HeraldServer.run(config: config, roles: .worker, logger: logger)
    }
}
