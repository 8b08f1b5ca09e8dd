import ArgumentParser
import HeraldCore
import Logging

/// Loads the configuration and a logger the way every command needs them,
/// turning a bad setting into a one-line message instead of a stack trace.
enum CommandEnvironment {
    static func load() async throws -> (HeraldConfig, Logger) {
        let config: HeraldConfig
        do {
            config = try await HeraldConfig.load()
        } catch let error as ConfigurationError {
            throw ValidationError("configuration: \(error)")
        }
        var logger = Logger(label: "herald")
        logger.logLevel = config.logLevel
        return (config, logger)
    }
}
