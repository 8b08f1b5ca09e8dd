import ArgumentParser
import HeraldServer

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply pending database migrations and exit.",
        discussion: "Safe to run while servers run and from several hosts at once."
    )

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load()
        try await HeraldServer.withStore(config: config, logger: logger) { _ in }
        print("database is up to date")
    }
}
