import ArgumentParser
import Foundation
import HeraldCore

struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the configuration.",
        subcommands: [Check.self]
    )

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate the environment (and .env) and print the effective configuration, secrets masked.",
            discussion: "Exits 1 with the same message `serve` would refuse to start with. Contacts nothing."
        )

        func run() async throws {
            let (config, _) = try await CommandEnvironment.load()
            let summary = config.summary()
            let width = summary.map(\.0.count).max() ?? 0
            for (name, value) in summary {
                print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
            }
            for warning in config.warnings() { print("warning: " + warning) }
            print("configuration is valid")
        }
    }
}
