import ArgumentParser
import Foundation
import HeraldServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP API (HTTP_HOST, default 127.0.0.1; HTTP_PORT, default 8000), the delivery worker and the alarm bridge.",
        discussion: """
            Applies pending migrations first. On an empty database it creates an 'admin' account and prints its password once. \
            DELIVERY_WORKER=off and KAFKA_BRIDGE=off leave the worker and the bridge to `herald worker` and `herald kafka-bridge`.
            """
    )

    @OptionGroup var listen: ListenOptions

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load(listen: listen)
        try await HeraldServer.run(
            config: config, roles: .serve(config), logger: logger,
            options: ServerOptions(announceBootstrapAdmin: { password in
                print("Created the first admin account. Log in as 'admin' with the password: \(password)")
                print("It is shown only this once; change it with `herald user passwd admin --password-stdin`.")
                // Shown once: make sure it leaves the buffer even if the process is killed.
                fflush(nil)
            })
        )
    }
}
