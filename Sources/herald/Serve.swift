import ArgumentParser
import Foundation
import HeraldServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP API (HTTP_HOST, default 127.0.0.1; HTTP_PORT, default 8000), the delivery worker and the alarm bridge.",
        discussion: """
            Applies pending migrations first. On an empty database it creates an 'admin' account; its password is printed once to a terminal, else written to ADMIN_PASSWORD_FILE (default: herald-admin-password beside the SQLite file or in the working directory) with mode 0600. \
            DELIVERY_WORKER=off and KAFKA_BRIDGE=off leave the worker and the bridge to `herald worker` and `herald kafka-bridge`.
            """
    )

    @OptionGroup var listen: ListenOptions

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load(listen: listen)
        try await HeraldServer.run(
            config: config, roles: .serve(config), logger: logger,
            options: ServerOptions(announceBootstrapAdmin: AdminPasswordNotice(config: config, logger: logger).announce, alarmBridge: kafkaAlarmBridge, phoebusCommands: kafkaPhoebusCommands)
        )
    }
}
