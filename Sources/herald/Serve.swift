import ArgumentParser
import Foundation
import HeraldAPI
import HeraldCore
import HeraldStore
import Hummingbird
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP API (HTTP_HOST, default 127.0.0.1; HTTP_PORT, default 8000).",
        discussion: "Applies pending migrations first. On an empty database it creates an 'admin' account and prints its password once."
    )

    @Option(help: "Address to listen on (overrides HTTP_HOST).") var host: String?
    @Option(help: "Port to listen on (overrides HTTP_PORT).") var port: Int?

    func run() async throws {
        var (config, logger) = try await CommandEnvironment.load()
        if let host { config.httpHost = host }
        if let port { config.httpPort = port }
        let opened = try await StoreFactory.open(config.database, logger: logger)
        let app = try buildApplication(
            config: config, opened: opened, logger: logger,
            startup: StartupOptions(announceBootstrapAdmin: { password in
                print("Created the first admin account. Log in as 'admin' with the password: \(password)")
                print("It is shown only this once; change it with `herald user passwd admin --password-stdin`.")
                // Shown once: make sure it leaves the buffer even if the process is killed.
                fflush(nil)
            })
        )
        try await app.runService()
        try await opened.close()
    }
}
