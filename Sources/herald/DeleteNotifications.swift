import ArgumentParser
import Foundation
import HeraldCore
import HeraldServer

struct DeleteNotifications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-notifications",
        abstract: "Delete notifications older than a number of days, with their inbox entries and deliveries."
    )

    @Option(help: "Keep notifications younger than this many days.") var days: Int = 30

    func validate() throws {
        guard days >= 0 else { throw ValidationError("--days must be 0 or more") }
    }

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load()
        let cutoff = WallClock.system.now().addingTimeInterval(-Double(days) * 86_400)
        let deleted = try await HeraldServer.withStore(config: config, logger: logger) { store in
            // Batches of RETENTION_BATCH_SIZE: publishing goes on meanwhile, and a long backlog shows its progress.
            try await Pruning(store: store, batchSize: config.retention.batchSize).notifications(createdBefore: cutoff) { total in
                FileHandle.standardError.write(Data("deleted \(total) so far\n".utf8))
            }
        }
        print("deleted \(deleted) notification(s) older than \(days) day(s)")
    }
}
