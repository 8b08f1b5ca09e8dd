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
        abstract: "Herald's delivery benchmark and mock push providers (not part of the `herald` binary).",
        subcommands: [Bench.self, MockProvidersCommand.self],
        defaultSubcommand: Bench.self
    )
}
