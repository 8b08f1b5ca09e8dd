import Foundation

/// A message a long-running source (the Kafka bridge, later feeds) failed to
/// handle several times: kept with the reason so an operator can look at it,
/// and skipped so the source moves on.
public struct ParkedMessageDraft: Sendable, Equatable {
    /// The source's name, e.g. `kafka`.
    public var source: String
    /// Where the message came from, e.g. `topic/partition/offset`.
    public var reference: String
    /// The message as received (nil for a tombstone).
    public var payload: Data?
    public var reason: String
    public var attempts: Int

    public init(source: String, reference: String, payload: Data?, reason: String, attempts: Int) {
        self.source = source
        self.reference = reference
        self.payload = payload
        self.reason = reason
        self.attempts = attempts
    }
}

public struct ParkedMessage: Sendable, Equatable {
    public var id: Int64
    public var message: ParkedMessageDraft
    public var parkedAt: Date

    public init(id: Int64, message: ParkedMessageDraft, parkedAt: Date) {
        self.id = id
        self.message = message
        self.parkedAt = parkedAt
    }
}
