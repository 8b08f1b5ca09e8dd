import Foundation
import HeraldCore

extension InMemoryStore: FeedStore {
    public func createFeed(_ draft: FeedDraft, serviceID: UUID, at now: Date) async throws -> FeedRecord? {
        try withState { state in
            guard state.services[serviceID] != nil else { return nil }
            let feed = FeedRecord(
                id: state.nextID(), serviceID: serviceID, draft: draft, etag: nil, lastModified: nil, lastPolledAt: nil, lastError: nil, publishedCount: 0,
                failures: 0, nextPollAt: now, createdAt: now
            )
            state.feeds[feed.id] = (feed, nil)
            return feed
        }
    }

    public func feeds(serviceID: UUID) async throws -> [FeedRecord] {
        try withState { state in state.feeds.values.map(\.0).filter { $0.serviceID == serviceID }.sorted { $0.id < $1.id } }
    }

    public func deleteFeed(id: Int64, serviceID: UUID) async throws -> Bool {
        try withState { state in
            guard state.feeds[id]?.0.serviceID == serviceID else { return false }
            state.feeds[id] = nil
            return true
        }
    }

    public func claimDueFeeds(now: Date, leaseUntil: Date, limit: Int) async throws -> [FeedRecord] {
        try withState { state in
            let due = state.feeds.values.filter { $0.0.nextPollAt <= now && ($0.1 ?? .distantPast) <= now && state.services[$0.0.serviceID] != nil }
                .map(\.0).sorted { $0.nextPollAt < $1.nextPollAt }.prefix(limit)
            for feed in due { state.feeds[feed.id]?.1 = leaseUntil }
            return Array(due)
        }
    }

    public func recordPoll(feedID: Int64, _ result: FeedPollResult, at now: Date, nextPollAt: Date) async throws {
        try withState { state in
            guard var feed = state.feeds[feedID]?.0 else { return }
            feed.etag = result.etag ?? feed.etag
            feed.lastModified = result.lastModified ?? feed.lastModified
            feed.lastPolledAt = now
            feed.lastError = result.error
            feed.publishedCount += result.published
            feed.failures = result.error == nil ? 0 : feed.failures + 1
            feed.nextPollAt = nextPollAt
            state.feeds[feedID] = (feed, nil)
        }
    }
}
