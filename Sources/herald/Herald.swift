import ArgumentParser


struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "A self-subscribing notification hub, drop-in compatible with ESS Notify.",
        discussion: "Settings come from the environment and an optional .env file in the working directory; see the README.",
        subcommands: [Serve.self, Worker.self, KafkaBridgeCommand.self, Migrate.self, UserCommand.self, DeleteNotifications.self, Parked.self, AuditCommand.self, DevicesCommand.self, ImportESS.self, Probe.self, ConfigCommand.self, PublishCommand.self]
    )
}
