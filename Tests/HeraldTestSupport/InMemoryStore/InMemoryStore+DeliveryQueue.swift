import Foundation
import HeraldCore

extension InMemoryStore: DeliveryQueue {
    public func claimDeliveries(
        limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int, withholdingBulkOf withheld: Set<Platform>,
        leavingExpressDueAfter expressCutoff: Date?
    ) async throws -> [ClaimedDelivery] {
        try withState(.claimDeliveries) { state in
            let due = state.deliveries.values
                .filter { row in
                    [.pending, .retrying].contains(row.state) && row.nextAttemptAt <= now && (row.leaseUntil.map { $0 <= now } ?? true) && row.priority >= minimumPriority
                        && !(row.bulk && withheld.contains(row.platform)) && !(expressCutoff.map { row.isExpress && row.nextAttemptAt > $0 } ?? false)
                }
                .sorted { (-$0.priority, $0.bulk ? 1 : 0, $0.nextAttemptAt, $0.id) < (-$1.priority, $1.bulk ? 1 : 0, $1.nextAttemptAt, $1.id) }
                .prefix(limit)
            return due.compactMap { row -> ClaimedDelivery? in
                var row = row
                row.leaseUntil = leaseUntil
                row.attempts += 1
                row.updatedAt = now
                state.deliveries[row.id] = row
                guard var notification = state.notifications[row.notificationID] else { return nil }
                notification.origin = state.origins[row.notificationID]
                let user = state.users[row.userID]
                var delivery = ClaimedDelivery(
                    id: row.id, notification: notification, platform: row.platform, deviceID: row.deviceID,
                    token: row.deviceID.flatMap { state.devices[$0]?.token }, userIsActive: user?.isActive ?? false,
                    loginExpiresAt: user?.loginExpiresAt, badge: row.platform == .apns ? min(state.unread(row.userID), ClaimedDelivery.maxBadge) : 0, attempts: row.attempts, queuedAt: row.createdAt
                )
                delivery.purpose = row.purpose
                delivery.userID = row.userID
                delivery.bulk = row.bulk
                return delivery
            }
        }
    }

    public func renewLeases(_ ids: [DeliveryID], until: Date) async throws -> Int {
        try withState { state in
            var renewed = 0
            for id in ids {
                guard let row = state.deliveries[id], row.leaseUntil != nil, [.pending, .retrying].contains(row.state) else { continue }
                state.deliveries[id]?.leaseUntil = until
                renewed += 1
            }
            return renewed
        }
    }

    public func recordDeliveries(_ results: [DeliveryResult], at now: Date) async throws {
        try withState(.recordDeliveries) { state in
            for result in results {
                // A finished delivery has left the queue (the databases move it to the history): a late record finds nothing.
                guard var row = state.deliveries[result.delivery.id], [.pending, .retrying].contains(row.state) else { continue }
                row.state = result.outcome.state
                if case .retry(let at, _) = result.outcome { row.nextAttemptAt = at } else { row.nextAttemptAt = now }
                row.leaseUntil = nil
                row.lastError = result.outcome.reason.flatMap { $0.isEmpty ? nil : $0 }
                row.updatedAt = now
                state.deliveries[row.id] = row
                if result.outcome.state == .dropped, let id = result.delivery.deviceID, let device = state.devices[id],
                    device.lastSeenAt <= (result.invalidSince ?? .distantFuture)
                {
                    state.devices[id] = nil
                    state.removedDevices[id] = (device, now, result.outcome.reason ?? "")
                }
            }
        }
    }

    public func hastenRetries(platform: Platform, limit: Int?, now: Date) async throws -> Int {
        try withState(limit == nil ? .hastenAllRetries : nil) { state in
            let waiting = state.deliveries.values
                .filter { $0.state == .retrying && $0.platform == platform && $0.nextAttemptAt > now && ($0.leaseUntil.map { $0 <= now } ?? true) }
                .filter { $0.lastError?.contains(DeliveryOutcome.transportFailure) == true }
                .sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
                .prefix(limit ?? .max)
            for row in waiting { state.deliveries[row.id]?.nextAttemptAt = now }
            return waiting.count
        }
    }

    public func queueDepth() async throws -> Int {
        try withState { $0.deliveries.values.filter { [.pending, .retrying].contains($0.state) }.count }
    }

    /// Nothing outside this process writes here: wait for cancellation.
    public func listenForDeliveries(holding holder: ClaimHolder, _ wake: @escaping @Sendable (_ urgent: Bool) -> Void) async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
    }


    public func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow] {
        try withState { state in
            state.deliveries.values.filter { $0.notificationID == notificationID }.sorted { $0.id < $1.id }.map { row in
                var report = DeliveryReportRow(
                    id: row.id, userID: row.userID, platform: row.platform, tokenHint: row.deviceID.flatMap { state.devices[$0] }.map { String($0.token.suffix(6)) },
                    state: row.state, attempts: row.attempts, lastError: row.lastError, updatedAt: row.updatedAt
                )
                report.purpose = row.purpose
                return report
            }
        }
    }

    public func removedDevices(since: Date, limit: Int) async throws -> [RemovedDevice] {
        try withState { state in
            state.removedDevices.values.filter { $0.removedAt >= since }.sorted { ($0.removedAt, $0.device.id) > ($1.removedAt, $1.device.id) }.prefix(limit).map {
                RemovedDevice(id: $0.device.id, userID: $0.device.userID, token: $0.device.token, platform: $0.device.platform, removedAt: $0.removedAt, reason: $0.reason)
            }
        }
    }

    public func restoreDevices(removedSince since: Date) async throws -> Int {
        try withState { state in
            var restored = 0
            for (id, removed) in state.removedDevices where removed.removedAt >= since {
                guard state.devices[id] == nil, !state.devices.values.contains(where: { $0.token == removed.device.token }) else { continue }
                state.devices[id] = removed.device
                state.removedDevices[id] = nil
                restored += 1
            }
            return restored
        }
    }

    public func purgeRemovedDevices(removedBefore before: Date) async throws -> Int {
        try withState { state in
            let old = state.removedDevices.filter { $0.value.removedAt < before }.map(\.key)
            for id in old { state.removedDevices[id] = nil }
            return old.count
        }
    }
}
