import Foundation

/// The longest a login waits for its method (LOGIN_TIMEOUT_SECONDS, 5 s by
/// default): past it the client is answered 503 at once, as the old
/// server's clients expect, whatever the directory, the authentication URL
/// or the OpenID provider is doing. Work that cannot be interrupted (a
/// directory bind on the login pool) finishes on its own, unawaited.
public enum LoginDeadline {
    public static func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw AuthenticationUnavailable("no answer within \(seconds.formatted()) s (LOGIN_TIMEOUT_SECONDS)", retryAfter: 5)
            }
            return value
        }
    }
}
