import ArgumentParser
import Foundation
import HeraldCore
import HeraldServer

struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Devices a provider called dead: list them, or put them back after a misconfiguration.",
        discussion: """
            A device whose token APNs or FCM called dead is kept, with the reason, for REMOVED_DEVICES_KEPT_DAYS \
            (default 30). If a wrong setting (APNs sandbox vs production, a wrong bundle id or Firebase project) \
            made good tokens look dead, fix it and restore the devices removed since it was made.
            """,
        subcommands: [Removed.self, Restore.self]
    )

    struct Removed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List devices removed in the last HOURS hours, newest first.")

        @Option(help: "How far back, in hours.") var hours = 24.0
        @Option(help: "How many to show.") var limit = 50

        func validate() throws {
            guard hours > 0, limit >= 1 else { throw ValidationError("--hours must be positive and --limit at least 1") }
        }

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let since = Date().addingTimeInterval(-hours * 3600)
            let removed = try await HeraldServer.withStore(config: config, logger: logger) { store in
                try await store.removedDevices(since: since, limit: limit)
            }
            if removed.isEmpty { print("no device removed in the last \(hours.formatted()) hours") }
            for device in removed {
                print("\(Timestamp.wireString(device.removedAt))\tuser \(device.userID)\t\(device.platform.rawValue)\t\(TokenHint.hint(device.token))\t\(device.reason)")
            }
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put back every device removed in the last HOURS hours (unless its token was registered again meanwhile)."
        )

        @Option(help: "How far back, in hours.") var hours: Double

        func validate() throws {
            guard hours > 0 else { throw ValidationError("--hours must be positive") }
        }

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let since = Date().addingTimeInterval(-hours * 3600)
            let restored = try await HeraldServer.withStore(config: config, logger: logger) { store in
                try await store.restoreDevices(removedSince: since)
            }
            print("restored \(restored) device(s) removed since \(Timestamp.wireString(since))")
        }
    }
}
