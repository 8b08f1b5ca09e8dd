import ArgumentParser
import HeraldCore
import Logging

/// Loads the configuration and a logger the way every command needs them,
/// turning a bad setting into a one-line message instead of a stack trace.
enum CommandEnvironment {
    static func load(listen: ListenOptions? = nil) async throws -> (HeraldConfig, Logger) {
        var config: HeraldConfig
        do {
            config = try await HeraldConfig.load()
        } catch let error as ConfigurationError {
            throw ValidationError("configuration: \(error)")
        }
        if let host = listen?.host { config.httpHost = host }
        if let port = listen?.port { config.httpPort = port }
        if config.logFormat == .json { LogFormatting.useJSON() }
        var logger = Logger(label: "herald")
        logger.logLevel = config.logLevel
        return (config, logger)
    }
}

/// Where a long-running command listens (every one serves at least
/// /-/health and /metrics).
struct ListenOptions: ParsableArguments {
    @Option(help: "Address to listen on (overrides HTTP_HOST).") var host: String?
    @Option(help: "Port to listen on (overrides HTTP_PORT).") var port: Int?
}

/// The process's log handler is chosen once, before the first logger.
enum LogFormatting {
    private static let jsonOnce: Void = LoggingSystem.bootstrap { JSONLogHandler(label: $0) }

    static func useJSON() { _ = jsonOnce }
}
