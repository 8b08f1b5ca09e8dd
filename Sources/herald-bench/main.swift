import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

// As in `herald`: Swift Concurrency on NIO's event loops, installed before
// any task starts, so the numbers measure the shipped configuration.
_ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
await runBench()

/// In a function, not at the top level: top-level code resolves `run()` to
/// ParsableCommand's synchronous default, which only prints the help (and
/// `main()` to the synchronous entry point).
func runBench() async {
    do {
        var command = try await HeraldBench.asyncParseAsRoot()
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    } catch {
        HeraldBench.exit(withError: error)
    }
}

struct HeraldBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald-bench",
        abstract: "Herald's benchmarks and mock push providers (not part of the `herald` binary).",
        discussion: """
            `run` measures delivery with Herald in this process. `ingest`, `fanout` and `crash` run the `herald` binary \
            beside this one as its own processes (a scratch database on DATABASE_URL's server; mock APNs and FCM here), \
            `replicas` runs `herald worker` processes pinned to cores against an HTTP/2 sink (Debian's nghttpd), `faults` \
            fans out against misbehaving mocks. Each \
            prints one line per run (and the medians with --runs), and appends its figures to --csv.
            """,
        subcommands: [Bench.self, IngestCommand.self, FanoutCommand.self, CrashCommand.self, ReplicasCommand.self, EscalationCommand.self, PageCommand.self, ContactsCommand.self, FaultsCommand.self, MockProvidersCommand.self],
        defaultSubcommand: Bench.self
    )
}
