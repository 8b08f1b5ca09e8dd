import ArgumentParser
import NIOCore
import NIOPosix
import Foundation

// Run Swift Concurrency on NIO's event loops: the HTTP server, the database
// drivers and the push clients already live there, and without this every
// push hops between two thread pools (measured: most of the CPU went to
// thread wake-ups). It has to happen before any task starts, hence this
// entry point instead of `@main`.
let nioExecutor = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
if ProcessInfo.processInfo.environment["HERALD_DEBUG_EXECUTOR"] != nil { print("NIO global executor installed: \(nioExecutor)") }
await runHerald()

/// Parses and runs a command. In a function, not at the top level: top-level
/// code resolves `run()` to ParsableCommand's synchronous default, which
/// only prints the help.
func runHerald() async {
    do {
        var command = try await Herald.asyncParseAsRoot()
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    } catch {
        Herald.exit(withError: error)
    }
}
