import Foundation
import HeraldCore
import Logging

/// Brings a site's data over from ESS Notify: users (admin and active
/// flags), services under their own UUIDs (senders keep their URLs),
/// subscriptions, device tokens (split from the old ';'-joined column,
/// platform guessed as the old server did), keyword filters (newer
/// versions; a filter expression set here is kept), notifications with
/// their times, and each user's inbox with its read state. Nothing is pushed.
///
/// Idempotent: users are found by name, services by id, notifications by
/// their old id (`ess:<id>`), and subscriptions and devices are sets, so a
/// second run changes nothing and a later one brings only what is new.
public struct ESSImporter: Sendable {
    public let source: any ESSSource
    public let store: any HeraldStore
    /// What imported accounts are marked as (the sign-in method they use here).
    public let origin: AccountOrigin
    public let clock: WallClock
    /// Notifications read and written per step.
    public var pageSize = 500
    /// A line per step, for the operator watching.
    public let progress: @Sendable (String) -> Void
    let logger: Logger

    public init(
        source: any ESSSource, store: any HeraldStore, origin: AccountOrigin, clock: WallClock = .system, logger: Logger,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.source = source
        self.store = store
        self.origin = origin
        self.clock = clock
        self.logger = logger
        self.progress = progress
    }

    /// Reads everything and says what an import would do, writing nothing.
    public func plan() async throws -> ESSImportReport {
        var report = ESSImportReport()
        for user in try await source.users() {
            if try await store.user(named: user.username) == nil { report.usersCreated += 1 } else { report.usersFound += 1 }
            let tokens = Self.tokens(user.deviceTokens)
            report.devices += tokens.kept.count
            report.devicesSkipped += tokens.skipped
        }
        for service in try await source.services() {
            if try await store.service(id: service.id) == nil { report.servicesCreated += 1 } else { report.servicesFound += 1 }
        }
        report.subscriptions = try await source.subscriptions().count
        report.notificationsRead = try await source.notificationCount()
        report.keywordFilters = try await source.keywordFilters().count
        return report
    }

    public func run() async throws -> ESSImportReport {
        var report = ESSImportReport()
        let now = clock.now()

        let services = try await source.services()
        for service in services {
            var record = ServiceRecord(id: service.id, category: service.category, color: service.color, owner: service.owner)
            // The old database may hold anything there (its API checked, its
            // tools did not): a colour is put into pages and apps, so only
            // what the old server could have meant by one is kept.
            if !ServiceRecord.isStoredColor(record.color) {
                logger.warning(
                    "service colour not usable: imported as neutral grey", metadata: ["service": "\(service.id)", "colour": "\(String(reflecting: String(record.color.prefix(40))))"]
                )
                record.color = ServiceRecord.neutralColor
                report.colorsReplaced += 1
            }
            if try await store.importService(record) { report.servicesCreated += 1 } else { report.servicesFound += 1 }
        }
        progress("services: \(services.count) (\(report.servicesCreated) new)")

        // Old user id → Herald's.
        var userIDs: [Int64: UserID] = [:]
        let users = try await source.users()
        for user in users {
            let id: UserID
            if let existing = try await store.user(named: user.username) {
                id = existing.id
                report.usersFound += 1
            } else {
                id = try await store.createUser(username: user.username, passwordHash: nil, isAdmin: user.isAdmin, origin: origin, at: now).id
                report.usersCreated += 1
            }
            _ = try await store.updateUser(id: id, UserPatch(isActive: user.isActive, isAdmin: user.isAdmin))
            userIDs[user.id] = id
            let tokens = Self.tokens(user.deviceTokens)
            report.devicesSkipped += tokens.skipped
            for token in tokens.kept {
                _ = try await store.registerDevice(userID: id, token: token, platform: Platform.guess(fromToken: token), at: now)
                report.devices += 1
            }
        }
        progress("users: \(users.count) (\(report.usersCreated) new), devices: \(report.devices)")

        let known = Set(services.map(\.id))
        var subscribed: [UserID: [UUID: Bool]] = [:]
        for subscription in try await source.subscriptions() {
            guard let user = userIDs[subscription.userID], known.contains(subscription.serviceID) else {
                report.subscriptionsSkipped += 1
                continue
            }
            subscribed[user, default: [:]][subscription.serviceID] = true
        }
        for (user, changes) in subscribed {
            try await store.setSubscriptions(userID: user, changes)
            report.subscriptions += changes.count
        }
        progress("subscriptions: \(report.subscriptions)")
        try await importKeywordFilters(users: userIDs, services: known, into: &report)
        progress("keyword filters: \(report.keywordFilters)")

        let total = try await source.notificationCount()
        var after: Int64 = 0
        while true {
            let page = try await source.notifications(after: after, limit: pageSize)
            guard let first = page.first, let last = page.last else { break }
            var inboxes: [Int64: [UserID: Bool]] = [:]
            for entry in try await source.inbox(notificationIDs: first.id...last.id) {
                guard let user = userIDs[entry.userID] else {
                    report.inboxEntriesSkipped += 1
                    continue
                }
                inboxes[entry.notificationID, default: [:]][user] = entry.isRead
            }
            for notification in page {
                guard known.contains(notification.serviceID) else {
                    report.notificationsSkipped += 1
                    continue
                }
                let inbox = inboxes[notification.id] ?? [:]
                let imported = ImportedNotification(
                    serviceID: notification.serviceID, createdAt: notification.timestamp, title: notification.title,
                    subtitle: notification.subtitle, url: notification.url
                )
                if try await store.importNotification(key: "ess:\(notification.id)", imported, inbox: inbox) {
                    report.notificationsCreated += 1
                } else {
                    report.notificationsFound += 1
                }
                report.inboxEntries += inbox.count
            }
            report.notificationsRead += page.count
            after = last.id
            progress("notifications: \(report.notificationsRead)/\(total)")
        }

        return report
    }

    /// The old server's per-subscription keyword lists become the keyword
    /// part of the user's filter on the service (an expression set here
    /// stays). A list Herald would refuse (too many or too long keywords)
    /// is skipped and logged, not cut short.
    private func importKeywordFilters(users userIDs: [Int64: UserID], services known: Set<UUID>, into report: inout ESSImportReport) async throws {
        for row in try await source.keywordFilters() {
            guard let user = userIDs[row.userID], known.contains(row.serviceID) else {
                report.keywordFiltersSkipped += 1
                continue
            }
            let existing = try await store.filter(userID: user, serviceID: row.serviceID)
            let filter: SubscriptionFilter
            do {
                filter = try SubscriptionFilter.validated(expression: existing?.expression, includeKeywords: row.include, excludeKeywords: row.exclude)
            } catch {
                report.keywordFiltersSkipped += 1
                let problems = error.problems.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
                logger.warning("keyword filter not imported", metadata: ["user": "\(row.userID)", "service": "\(row.serviceID)", "problems": "\(problems)"])
                continue
            }
            if filter != (existing ?? SubscriptionFilter()) { _ = try await store.setFilter(userID: user, serviceID: row.serviceID, filter) }
            report.keywordFilters += 1
        }
    }

    /// The old server's device tokens: ';'-joined; it pushed to 64-character
    /// tokens (APNs) and longer ones (FCM) and ignored shorter ones.
    static func tokens(_ joined: String) -> (kept: [String], skipped: Int) {
        let all = joined.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var seen = Set<String>()
        let kept = all.filter { $0.count >= 64 && seen.insert($0).inserted }
        return (kept, all.filter { $0.count < 64 }.count)
    }
}

/// What an import did (or, for a dry run, would do).
public struct ESSImportReport: Sendable, Equatable, CustomStringConvertible {
    public var usersCreated = 0
    public var usersFound = 0
    public var servicesCreated = 0
    public var servicesFound = 0
    public var subscriptions = 0
    public var subscriptionsSkipped = 0
    public var devices = 0
    public var devicesSkipped = 0
    public var notificationsRead = 0
    public var notificationsCreated = 0
    public var notificationsFound = 0
    public var notificationsSkipped = 0
    public var inboxEntries = 0
    public var inboxEntriesSkipped = 0
    public var keywordFilters = 0
    public var keywordFiltersSkipped = 0
    /// Services whose colour was not six hex digits (imported as grey).
    public var colorsReplaced = 0

    public init() {}

    public var description: String {
        """
        users:         \(usersCreated) new, \(usersFound) already here
        services:      \(servicesCreated) new, \(servicesFound) already here\(colorsReplaced > 0 ? " (\(colorsReplaced) with a stored colour that is not one, imported as \(ServiceRecord.neutralColor))" : "")
        subscriptions: \(subscriptions)\(subscriptionsSkipped > 0 ? " (\(subscriptionsSkipped) of unknown users or services skipped)" : "")
        devices:       \(devices)\(devicesSkipped > 0 ? " (\(devicesSkipped) tokens shorter than 64 characters skipped, as the old server ignored them)" : "")
        notifications: \(notificationsRead) read, \(notificationsCreated) new, \(notificationsFound) already here\(notificationsSkipped > 0 ? ", \(notificationsSkipped) of unknown services skipped" : "")
        inbox entries: \(inboxEntries)\(inboxEntriesSkipped > 0 ? " (\(inboxEntriesSkipped) of unknown users skipped)" : "")
        keyword filters: \(keywordFilters)\(keywordFiltersSkipped > 0 ? " (\(keywordFiltersSkipped) of unknown users or services, or too long, skipped)" : "")
        """
    }
}
