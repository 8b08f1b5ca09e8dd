import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers

/// The live inbox streams of this process: who is connected, and the events
/// each connection is owed. A store signal (a publish or an inbox change on
/// any replica) becomes one query for all the users connected here, whose
/// results are handed to their connections. Each connection holds at most
/// `buffer` events: a reader that falls behind is dropped (it resumes from
/// its Last-Event-ID), never buffered without bound.
public final class InboxStreams: Sendable {
    public struct Limits: Sendable {
        public var perUser: Int
        public var total: Int
        public var buffer: Int
        public var heartbeat: Duration
        /// A stream is ended after this long; its client reconnects.
        public var maxDuration: Duration

        public init(perUser: Int = 5, total: Int = 10_000, buffer: Int = 256, heartbeat: Duration = .seconds(15), maxDuration: Duration = .seconds(3600)) {
            self.perUser = perUser
            self.total = total
            self.buffer = buffer
            self.heartbeat = heartbeat
            self.maxDuration = maxDuration
        }
    }

    /// What a connection is sent.
    enum Event: Sendable {
        case change(InboxChange)
        case heartbeat
    }

    struct Connection: Sendable {
        var userID: UserID
        var continuation: AsyncStream<Event>.Continuation
    }

    private struct State {
        var connections: [Int: Connection] = [:]
        var byUser: [UserID: Set<Int>] = [:]
        var lastID = 0
    }

    /// How far back a change signal's query looks: changes commit out of
    /// order by a little, and a connection skips what it has sent.
    static let lookBack: TimeInterval = 5

    public let limits: Limits
    let store: any NotificationStore
    let clock: WallClock
    let logger: Logger
    private let state = NIOLockedValueBox(State())

    public init(limits: Limits = Limits(), store: any NotificationStore, clock: WallClock, logger: Logger) {
        self.limits = limits
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// Open streams now.
    public var count: Int { state.withLockedValue { $0.connections.count } }

    /// A new connection for `userID`, or nil when the process holds as many
    /// as allowed. A user at their own limit gets the new one and loses their
    /// oldest (which reconnects if it is still wanted): a closed tab is only
    /// noticed at the next write, so refusing would lock out the user who
    /// reloads the page a few times.
    func open(userID: UserID) -> (id: Int, events: AsyncStream<Event>)? {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingOldest(limits.buffer))
        let opened = state.withLockedValue { state -> (id: Int, replaced: Connection?)? in
            var replaced: Connection?
            if let mine = state.byUser[userID], mine.count >= limits.perUser, let oldest = mine.min() {
                replaced = state.connections.removeValue(forKey: oldest)
                state.byUser[userID]?.remove(oldest)
            } else if state.connections.count >= limits.total {
                return nil
            }
            state.lastID += 1
            state.connections[state.lastID] = Connection(userID: userID, continuation: continuation)
            state.byUser[userID, default: []].insert(state.lastID)
            return (state.lastID, replaced)
        }
        guard let opened else { return nil }
        if opened.replaced != nil { logger.debug("live stream replaced by the same user's newer one", metadata: ["user_id": "\(userID)"]) }
        opened.replaced?.continuation.finish()
        return (opened.id, events)
    }

    func close(_ id: Int) {
        let connection = state.withLockedValue { state -> Connection? in
            guard let connection = state.connections.removeValue(forKey: id) else { return nil }
            state.byUser[connection.userID]?.remove(id)
            if state.byUser[connection.userID]?.isEmpty == true { state.byUser[connection.userID] = nil }
            return connection
        }
        connection?.continuation.finish()
    }

    /// Hands a store signal to the connections it concerns.
    func handle(_ signal: InboxSignal) async {
        do {
            switch signal {
            case .published(let notificationID):
                let users = state.withLockedValue { Array($0.byUser.keys) }
                guard !users.isEmpty else { return }
                for (userID, item) in try await store.inboxItems(notificationID: notificationID, userIDs: users) {
                    // At the item's own change time: an update of an item a
                    // stream sent before (an alarm resolved, an
                    // acknowledgement) is a new event, not a repeat.
                    send(.change(InboxChange(.upserted(item), at: item.changedAt ?? item.notification.timestamp)), to: userID)
                }
            case .changed(let userID):
                guard state.withLockedValue({ $0.byUser[userID] != nil }) else { return }
                let since = clock.now().addingTimeInterval(-Self.lookBack)
                for change in try await store.inboxChanges(userID: userID, since: since, limit: limits.buffer) {
                    send(.change(change), to: userID)
                }
            }
        } catch {
            logger.warning("live streams could not read an inbox change", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// A comment line on every connection, so proxies keep them open.
    func heartbeat() {
        for id in state.withLockedValue({ Array($0.connections.keys) }) { deliver(.heartbeat, to: id) }
    }

    private func send(_ event: Event, to userID: UserID) {
        for id in state.withLockedValue({ Array($0.byUser[userID] ?? []) }) { deliver(event, to: id) }
    }

    private func deliver(_ event: Event, to id: Int) {
        guard let connection = state.withLockedValue({ $0.connections[id] }) else { return }
        switch connection.continuation.yield(event) {
        case .enqueued: break
        case .dropped:
            // Too far behind: end it; the client resumes from its Last-Event-ID.
            logger.notice("live stream dropped: its reader fell behind", metadata: ["user_id": "\(connection.userID)"])
            close(id)
        case .terminated:
            close(id)
        @unknown default:
            close(id)
        }
    }
}
