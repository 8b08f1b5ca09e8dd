import ArgumentParser
import Foundation
import HeraldAPI
import HeraldCore
import HeraldServer
import HeraldUseCases

/// `herald audit export`: the audit log as JSON lines, oldest first, for a
/// SIEM or an archive kept beyond AUDIT_RETENTION_DAYS.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "The audit log: who changed what, when and from where.", subcommands: [Export.self]
    )

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the audit log as JSON lines, oldest first.",
            discussion: "Each line is one entry. --after resumes after the last id an earlier export printed; --since starts at a time (RFC 3339)."
        )

        @Option(help: "Only entries numbered above this id.") var after: Int64 = 0
        @Option(help: "Only entries made at or after this time (RFC 3339).") var since: String?

        func validate() throws {
            guard after >= 0 else { throw ValidationError("--after must be 0 or more") }
            if let since, Timestamp.parse(since) == nil { throw ValidationError("--since must be an RFC 3339 time, such as 2026-11-01T00:00:00Z") }
        }

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let start = since.flatMap(Timestamp.parse)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try await HeraldServer.withStore(config: config, logger: logger) { store in
                let log = AuditLog(store: store)
                var cursor = after
                while true {
                    let page = try await log.export(after: cursor, limit: 1_000)
                    for entry in page where start.map({ entry.record.at >= $0 }) ?? true {
                        let line = try encoder.encode(AuditEntryWire(entry))
                        FileHandle.standardOutput.write(line + Data("\n".utf8))
                    }
                    guard let last = page.last, page.count == 1_000 else { break }
                    cursor = last.id
                }
            }
        }
    }
}
