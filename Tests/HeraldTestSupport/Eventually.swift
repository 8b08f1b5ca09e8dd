import Foundation

/// Polls `probe` until it gives a value, failing after `timeout`: how a test
/// waits for something asynchronous to happen without a fixed sleep. The
/// timeout is a hang guard, not a bound on how fast it happens (a test that
/// cares prints the time; bounds live in the benchmarks): two minutes by
/// default, which a step of a loaded two-core machine does not come near.
@discardableResult
public func eventually<T: Sendable>(
    _ what: String = "the condition", timeout: Duration = .seconds(120), every interval: Duration = .milliseconds(25),
    _ probe: @Sendable () async throws -> T?
) async throws -> T {
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try await probe() { return value }
        guard ContinuousClock.now < deadline else { throw TestSetupError("timed out after \(timeout) waiting for \(what)") }
        try await Task.sleep(for: interval)
    }
}
