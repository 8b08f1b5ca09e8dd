import NIOConcurrencyHelpers
import ServiceLifecycle

/// Which of a process's services are running now, by name: given in
/// `ServerOptions`, every service the composition root builds is counted in
/// and out, so a shutdown that does not finish can say which part holds it
/// (the tests' harness prints it; production's group cuts a shutdown off
/// after SHUTDOWN_GRACE_SECONDS).
public final class RunningServices: Sendable {
    private let running = NIOLockedValueBox<[String: Int]>([:])

    public init() {}

    /// The names of the services still running, sorted.
    public var names: [String] {
        running.withLockedValue { $0.filter { $0.value > 0 }.map { $0.key }.sorted() }
    }

    func track(_ service: any Service) -> any Service {
        Tracked(service: service, running: self)
    }

    private func enter(_ name: String) { running.withLockedValue { $0[name, default: 0] += 1 } }
    private func leave(_ name: String) { running.withLockedValue { $0[name, default: 1] -= 1 } }

    private struct Tracked: Service, CustomStringConvertible {
        let service: any Service
        let running: RunningServices

        var description: String { String(describing: service) }

        func run() async throws {
            let name = description
            running.enter(name)
            defer { running.leave(name) }
            try await service.run()
        }
    }
}
