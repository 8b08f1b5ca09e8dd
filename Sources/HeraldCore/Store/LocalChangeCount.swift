import NIOConcurrencyHelpers

/// Counts the changes of one kind made through one store object, that is by
/// this process, each counted once its transaction has ended: a part of the
/// same process that keeps a copy of what changed (the delivery worker's
/// quiet hours) compares the count, in memory, and reads again at once when
/// it moved, instead of asking the database per batch whether anything
/// changed. Changes made by other replicas are found by the shared stamp,
/// read less often. Counting a change that did not commit only costs a
/// read.
public final class LocalChangeCount: Sendable {
    private let count = NIOLockedValueBox<Int64>(0)

    public init() {}

    public func bump() {
        count.withLockedValue { $0 += 1 }
    }

    public var value: Int64 {
        count.withLockedValue { $0 }
    }
}
