import ArgumentParser
import Foundation
import HeraldCore
import HeraldServer

struct Parked: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List messages a bridge kept failing on and parked (newest first), with the reason.",
        discussion: "A parked message is skipped by its source; its payload is kept in the database (parked_messages)."
    )

    @Option(help: "How many to show.") var limit = 20

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load()
        let parked = try await HeraldServer.withStore(config: config, logger: logger) { store in
            try await store.parkedMessages(limit: limit)
        }
        if parked.isEmpty { print("no parked messages") }
        for entry in parked {
            let size = entry.message.payload.map { "\($0.count) bytes" } ?? "no payload"
            print("#\(entry.id)\t\(Timestamp.wireString(entry.parkedAt))\t\(entry.message.source)\t\(entry.message.reference)\t\(size)")
            print("\tafter \(entry.message.attempts) attempt(s): \(entry.message.reason)")
        }
    }
}
