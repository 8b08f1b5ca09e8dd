import Foundation

/// Where Herald reads the time. One value is made by the composition root
/// and handed to everything that stamps or compares times (the publisher,
/// the worker, token managers, controllers), so a test sets the time in one
/// place. Readings are kept to whole microseconds, as the databases store.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system's clock.
    public static let system = WallClock { Date() }

    public func now() -> Date {
        Timestamp.truncated(read())
    }
}
