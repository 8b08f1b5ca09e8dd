import ArgumentParser
import Foundation
import HeraldCore
import HeraldImport
import HeraldServer
import Logging

struct ImportESS: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-ess",
        abstract: "Bring users, services, subscriptions, device tokens and notifications over from an ESS Notify database.",
        discussion: """
            Reads the old server's database (its SQLALCHEMY_DATABASE_URL: postgresql://... or sqlite:///path) and writes into \
            Herald's (DATABASE_URL). Services keep their UUIDs, so senders keep their URLs; device tokens come along, so phones \
            keep getting pushes without registering again (keep the old SECRET_KEY so their tokens stay valid). Nothing is pushed. \
            Safe to run again: what an earlier run brought is found, not copied twice. Never writes to the old database.
            """
    )

    @Option(help: "The old server's SQLALCHEMY_DATABASE_URL (postgresql://user:password@host/db, or sqlite:///relative.db / sqlite:////absolute.db).") var from: String
    @Flag(help: "Read everything and print what an import would do, writing nothing.") var dryRun = false

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load()
        let location: DatabaseLocation
        do { location = try ESSSources.location(sqlAlchemyURL: from) } catch { throw ValidationError("--from: \(error)") }
        let origin: AccountOrigin = config.auth.oidc != nil && config.auth.method == .local ? .oidc : AccountOrigin(rawValue: config.auth.method.rawValue) ?? .local
        try await HeraldServer.withStore(config: config, logger: logger) { store in
            try await ESSSources.with(location, logger: logger) { source in
                let importer = ESSImporter(source: source, store: store, origin: origin, logger: logger) { line in
                    print(line)
                    fflush(nil)
                }
                if dryRun {
                    print("dry run: nothing is written\n\(try await importer.plan())")
                } else {
                    print("imported:\n\(try await importer.run())")
                }
            }
        }
    }
}
