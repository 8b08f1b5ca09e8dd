import Foundation
import HeraldCore

// Generated once from the store protocols (each requirement forwarded to
// `base`); edit by hand when a protocol changes. The faults a test can
// plan are checked before the call they name.

// MARK: SharedSettings

extension FaultyStore: SharedSettings {
    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        try await base.sharedSetting(name, ifAbsent: candidate)
    }
}

// MARK: SchemaStatus

extension FaultyStore: SchemaStatus {
    public func appliedMigrations() async throws -> Set<Int> {
        try faults.check(.appliedMigrations)
        return try await base.appliedMigrations()
    }
}

// MARK: LegacyImportStore

extension FaultyStore: LegacyImportStore {
    public func importService(_ service: ServiceRecord) async throws -> Bool {
        try await base.importService(service)
    }
    public func importNotification(key: String, _ notification: ImportedNotification, inbox: [UserID: Bool]) async throws -> Bool {
        try await base.importNotification(key: key, notification, inbox: inbox)
    }
}

// MARK: AccountStore

extension FaultyStore: AccountStore {
    public func createUser(username: String, passwordHash: String?, isAdmin: Bool, origin: AccountOrigin, identity: AccountIdentity?, at: Date) async throws -> User {
        try await base.createUser(username: username, passwordHash: passwordHash, isAdmin: isAdmin, origin: origin, identity: identity, at: at)
    }
    public func user(id: UserID) async throws -> User? {
        try await base.user(id: id)
    }
    public func users(ids: [UserID]) async throws -> [User] {
        try await base.users(ids: ids)
    }
    public func user(named username: String) async throws -> User? {
        try faults.check(.readAccount)
        return try await base.user(named: username)
    }
    public func user(issuer: String, subject: String) async throws -> User? {
        try await base.user(issuer: issuer, subject: subject)
    }
    public func identities(userID: UserID) async throws -> [AccountIdentity] {
        try await base.identities(userID: userID)
    }
    public func link(userID: UserID, _ identity: AccountIdentity, at: Date) async throws -> Bool {
        try await base.link(userID: userID, identity, at: at)
    }
    public func unlink(userID: UserID, origin: AccountOrigin, issuer: String) async throws -> Bool {
        try await base.unlink(userID: userID, origin: origin, issuer: issuer)
    }
    public func passwordHash(username: String) async throws -> String? {
        try await base.passwordHash(username: username)
    }
    public func setPasswordHash(username: String, hash: String, at: Date) async throws -> Bool {
        try await base.setPasswordHash(username: username, hash: hash, at: at)
    }
    public func users() async throws -> [User] {
        try await base.users()
    }
    public func users(after username: String?, limit: Int) async throws -> [User] {
        try await base.users(after: username, limit: limit)
    }
    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await base.updateUser(id: id, patch)
    }
    public func deleteUser(id: UserID) async throws -> Bool {
        try await base.deleteUser(id: id)
    }
    public func deleteUser(named username: String) async throws -> Bool {
        try await base.deleteUser(named: username)
    }
    public func recordLogin(userID: UserID, expiresAt: Date, at: Date) async throws {
        try await base.recordLogin(userID: userID, expiresAt: expiresAt, at: at)
    }
    public func revokeTokens(userID: UserID, at: Date) async throws -> Bool {
        try await base.revokeTokens(userID: userID, at: at)
    }
    public func setAdmin(userID: UserID, _ isAdmin: Bool) async throws {
        try await base.setAdmin(userID: userID, isAdmin)
    }
    public func setConfined(userID: UserID, _ isConfined: Bool) async throws {
        try await base.setConfined(userID: userID, isConfined)
    }
    public func confinedUserIDs() async throws -> Set<UserID> {
        try await base.confinedUserIDs()
    }
    public func adminCount() async throws -> Int {
        try await base.adminCount()
    }
    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        try await base.deviceTokens(userIDs: userIDs)
    }
    public func devices(userID: UserID) async throws -> [Device] {
        try await base.devices(userID: userID)
    }
    public func deviceOwner(token: String) async throws -> UserID? {
        try await base.deviceOwner(token: token)
    }
    public func registerDevice(userID: UserID, token: String, platform: Platform, at: Date) async throws -> DeviceRegistration {
        try await base.registerDevice(userID: userID, token: token, platform: platform, at: at)
    }
    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try await base.removeDevice(userID: userID, token: token)
    }
    public func trimDevices(userID: UserID, keeping: Int) async throws -> Int {
        try await base.trimDevices(userID: userID, keeping: keeping)
    }
}

// MARK: ServiceStore

extension FaultyStore: ServiceStore {
    public func subscriberIDs(serviceID: UUID) async throws -> [UserID] {
        try await base.subscriberIDs(serviceID: serviceID)
    }
    public func services() async throws -> [ServiceRecord] {
        try await base.services()
    }
    public func service(id: UUID) async throws -> ServiceRecord? {
        try await base.service(id: id)
    }
    public func createService(_ draft: ServiceDraft) async throws -> ServiceRecord {
        try await base.createService(draft)
    }
    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> ServiceRecord? {
        try await base.updateService(id: id, patch)
    }
    public func deleteService(id: UUID) async throws -> Bool {
        try await base.deleteService(id: id)
    }
    public func userServices(userID: UserID) async throws -> [UserService] {
        try await base.userServices(userID: userID)
    }
    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        try await base.setSubscriptions(userID: userID, changes)
    }
    public func subscribe(userIDs: Set<UserID>, to serviceID: UUID) async throws {
        try await base.subscribe(userIDs: userIDs, to: serviceID)
    }
    public func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at: Date) async throws -> ServiceToken? {
        try await base.createServiceToken(serviceID: serviceID, name: name, tokenHash: tokenHash, at: at)
    }
    public func serviceTokens(serviceID: UUID) async throws -> [ServiceToken] {
        try await base.serviceTokens(serviceID: serviceID)
    }
    public func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool {
        try await base.deleteServiceToken(serviceID: serviceID, id: id)
    }
    public func useServiceToken(serviceID: UUID, tokenHash: String, at: Date) async throws -> Bool {
        try await base.useServiceToken(serviceID: serviceID, tokenHash: tokenHash, at: at)
    }
    public func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates? {
        try await base.serviceTemplates(serviceID: serviceID)
    }
    public func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at: Date) async throws -> Bool {
        try await base.setServiceTemplates(serviceID: serviceID, templates, at: at)
    }
    public func serviceRateLimit(serviceID: UUID) async throws -> RateLimit? {
        try await base.serviceRateLimit(serviceID: serviceID)
    }
    public func setServiceRateLimit(serviceID: UUID, _ limit: RateLimit?, at: Date) async throws -> Bool {
        try await base.setServiceRateLimit(serviceID: serviceID, limit, at: at)
    }
}

// MARK: FilterStore

extension FaultyStore: FilterStore {
    public func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter? {
        try await base.filter(userID: userID, serviceID: serviceID)
    }
    public func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter] {
        try await base.filters(userID: userID)
    }
    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter, maxDistinct: Int) async throws -> FilterChange {
        try await base.setFilter(userID: userID, serviceID: serviceID, filter, maxDistinct: maxDistinct)
    }
    public func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
        try await base.filters(serviceIDs: serviceIDs, after: id)
    }
}

// MARK: NotificationStore

extension FaultyStore: NotificationStore {
    public func publish(_ batch: [PublishRequest]) async throws -> PublishedBatch {
        try faults.check(.publish)
        return try await base.publish(batch)
    }
    public func notification(serviceID: UUID, key: String) async throws -> NotificationRecord? {
        try await base.notification(serviceID: serviceID, key: key)
    }
    public func updateNotification( id: NotificationID, with draft: NotificationDraft, reaching audience: Audience, at: Date ) async throws -> (notification: NotificationRecord, queued: Bool)? {
        try await base.updateNotification(id: id, with: draft, reaching: audience, at: at)
    }
    public func notification(id: NotificationID) async throws -> NotificationRecord? {
        try await base.notification(id: id)
    }
    public func notify(_ draft: NotificationDraft, to people: [UserID], on serviceID: UUID, at: Date) async throws -> NotificationRecord? {
        try faults.check(.publish)
        return try await base.notify(draft, to: people, on: serviceID, at: at)
    }
    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        try await base.inbox(userID: userID, limit: limit, order: order)
    }
    public func inboxPage(userID: UserID, from start: PageStart, limit: Int, filter: InboxFilter) async throws -> [InboxItem] {
        try await base.inboxPage(userID: userID, from: start, limit: limit, filter: filter)
    }
    public func notificationsPage(serviceID: UUID, from start: PageStart, limit: Int) async throws -> [NotificationRecord] {
        try await base.notificationsPage(serviceID: serviceID, from: start, limit: limit)
    }
    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus], at: Date) async throws {
        try await base.updateInbox(userID: userID, changes, at: at)
    }
    public func inboxChanges(userID: UserID, since: Date, limit: Int) async throws -> [InboxChange] {
        try await base.inboxChanges(userID: userID, since: since, limit: limit)
    }
    public func inboxItems(notificationID: NotificationID, userIDs: [UserID]) async throws -> [UserID: InboxItem] {
        try await base.inboxItems(notificationID: notificationID, userIDs: userIDs)
    }
    public func listenForInboxSignals(_ signal: @escaping @Sendable (InboxSignal) -> Void) async throws {
        try await base.listenForInboxSignals(signal)
    }
    public func unreadCount(userID: UserID) async throws -> Int {
        try await base.unreadCount(userID: userID)
    }
}

// MARK: DeliveryQueue

extension FaultyStore: DeliveryQueue {
    public func claimDeliveries( limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int, withholdingBulkOf withheld: Set<Platform>, leavingExpressDueAfter expressCutoff: Date? ) async throws -> [ClaimedDelivery] {
        try await base.claimDeliveries(limit: limit, now: now, leaseUntil: leaseUntil, holder: holder, minimumPriority: minimumPriority, withholdingBulkOf: withheld, leavingExpressDueAfter: expressCutoff)
    }
    public func renewLeases(_ ids: [DeliveryID], until: Date) async throws -> Int {
        try await base.renewLeases(ids, until: until)
    }
    public func recordDeliveries(_ results: [DeliveryResult], at: Date) async throws {
        try await base.recordDeliveries(results, at: at)
    }
    public func removedDevices(since: Date, limit: Int) async throws -> [RemovedDevice] {
        try await base.removedDevices(since: since, limit: limit)
    }
    public func restoreDevices(removedSince since: Date) async throws -> Int {
        try await base.restoreDevices(removedSince: since)
    }
    public func purgeRemovedDevices(removedBefore before: Date) async throws -> Int {
        try await base.purgeRemovedDevices(removedBefore: before)
    }
    public func hastenRetries(platform: Platform, limit: Int?, now: Date) async throws -> Int {
        try faults.check(limit == nil ? .hastenAllRetries : nil)
        return try await base.hastenRetries(platform: platform, limit: limit, now: now)
    }
    public func queueDepth() async throws -> Int {
        try await base.queueDepth()
    }
    public func compactQueue() async throws {
        try await base.compactQueue()
    }
    public func listenForDeliveries(holding holder: ClaimHolder, _ wake: @escaping @Sendable (_ urgent: Bool) -> Void) async throws {
        try await base.listenForDeliveries(holding: holder, wake)
    }
    public func releaseClaimsOfStoppedHolders() async throws -> Int {
        try await base.releaseClaimsOfStoppedHolders()
    }
    public func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow] {
        try await base.deliveryReport(notificationID: notificationID)
    }
}

// MARK: AlertStateStore

extension FaultyStore: AlertStateStore {
    public func withAlertStates<T: Sendable>(of serviceID: UUID, _ work: (any AlertStateTransaction) async throws -> T) async throws -> T? {
        try faults.check(.publishAlertChanges)
        return try await base.withAlertStates(of: serviceID, work)
    }
    public func alertLabels(serviceID: UUID, fingerprint: String) async throws -> [String: String]? {
        try await base.alertLabels(serviceID: serviceID, fingerprint: fingerprint)
    }
    public func park(_ message: ParkedMessageDraft, at: Date) async throws {
        try await base.park(message, at: at)
    }
    public func parkedMessages(limit: Int) async throws -> [ParkedMessage] {
        try await base.parkedMessages(limit: limit)
    }
}

// MARK: RetentionStore

extension FaultyStore: RetentionStore {
    public func pruneNotifications(createdBefore before: Date, limit: Int) async throws -> Int {
        try await base.pruneNotifications(createdBefore: before, limit: limit)
    }
    public func pruneDeliveryHistory(finishedBefore before: Date, limit: Int) async throws -> Int {
        try await base.pruneDeliveryHistory(finishedBefore: before, limit: limit)
    }
    public func pruneResolvedAlerts(notifiedBefore before: Date, limit: Int) async throws -> Int {
        try await base.pruneResolvedAlerts(notifiedBefore: before, limit: limit)
    }
    public func pruneUnusedFilters(limit: Int) async throws -> Int {
        try await base.pruneUnusedFilters(limit: limit)
    }
}

// MARK: ScheduleStore

extension FaultyStore: ScheduleStore {
    public func schedule(_ draft: NotificationDraft, serviceID: UUID, deliverAt: Date, at: Date) async throws -> ScheduledNotification? {
        try await base.schedule(draft, serviceID: serviceID, deliverAt: deliverAt, at: at)
    }
    public func scheduled(serviceID: UUID, after: Int64, limit: Int) async throws -> [ScheduledNotification] {
        try await base.scheduled(serviceID: serviceID, after: after, limit: limit)
    }
    public func scheduledCount(serviceID: UUID) async throws -> Int {
        try await base.scheduledCount(serviceID: serviceID)
    }
    public func cancelScheduled(id: Int64, serviceID: UUID) async throws -> Bool {
        try await base.cancelScheduled(id: id, serviceID: serviceID)
    }
    public func claimDueScheduled(now: Date, leaseUntil: Date, limit: Int) async throws -> [ScheduledNotification] {
        try await base.claimDueScheduled(now: now, leaseUntil: leaseUntil, limit: limit)
    }
    public func finishScheduled(ids: [Int64]) async throws {
        try await base.finishScheduled(ids: ids)
    }
    public func nextScheduledTime() async throws -> Date? {
        try await base.nextScheduledTime()
    }
}

// MARK: RecurringStore

extension FaultyStore: RecurringStore {
    public func createRecurring( _ draft: NotificationDraft, serviceID: UUID, cron: String, timeZone: String, nextRunAt: Date?, at: Date ) async throws -> RecurringNotification? {
        try await base.createRecurring(draft, serviceID: serviceID, cron: cron, timeZone: timeZone, nextRunAt: nextRunAt, at: at)
    }
    public func recurring(serviceID: UUID, after: Int64, limit: Int) async throws -> [RecurringNotification] {
        try await base.recurring(serviceID: serviceID, after: after, limit: limit)
    }
    public func recurringCount(serviceID: UUID) async throws -> Int {
        try await base.recurringCount(serviceID: serviceID)
    }
    public func deleteRecurring(id: Int64, serviceID: UUID) async throws -> Bool {
        try await base.deleteRecurring(id: id, serviceID: serviceID)
    }
    public func claimDueRecurring(now: Date, leaseUntil: Date, limit: Int) async throws -> [RecurringNotification] {
        try await base.claimDueRecurring(now: now, leaseUntil: leaseUntil, limit: limit)
    }
    public func recordRecurringRun(id: Int64, ranAt: Date, nextRunAt: Date?) async throws {
        try await base.recordRecurringRun(id: id, ranAt: ranAt, nextRunAt: nextRunAt)
    }
}

// MARK: FeedStore

extension FaultyStore: FeedStore {
    public func createFeed(_ draft: FeedDraft, serviceID: UUID, at: Date) async throws -> FeedRecord? {
        try await base.createFeed(draft, serviceID: serviceID, at: at)
    }
    public func feeds(serviceID: UUID) async throws -> [FeedRecord] {
        try await base.feeds(serviceID: serviceID)
    }
    public func deleteFeed(id: Int64, serviceID: UUID) async throws -> Bool {
        try await base.deleteFeed(id: id, serviceID: serviceID)
    }
    public func claimDueFeeds(now: Date, leaseUntil: Date, limit: Int) async throws -> [FeedRecord] {
        try await base.claimDueFeeds(now: now, leaseUntil: leaseUntil, limit: limit)
    }
    public func recordPoll(feedID: Int64, _ result: FeedPollResult, at: Date, nextPollAt: Date) async throws {
        try await base.recordPoll(feedID: feedID, result, at: at, nextPollAt: nextPollAt)
    }
}

// MARK: SessionStore

extension FaultyStore: SessionStore {
    public func openSession(id: String, userID: UserID, expiresAt: Date, at: Date) async throws {
        try await base.openSession(id: id, userID: userID, expiresAt: expiresAt, at: at)
    }
    public func isSessionOpen(id: String, userID: UserID, now: Date) async throws -> Bool {
        try await base.isSessionOpen(id: id, userID: userID, now: now)
    }
    @discardableResult
    public func closeSession(id: String) async throws -> Bool {
        try await base.closeSession(id: id)
    }
    public func closeSessions(userID: UserID) async throws {
        try await base.closeSessions(userID: userID)
    }
    public func pruneSessions(expiredBefore before: Date) async throws -> Int {
        try await base.pruneSessions(expiredBefore: before)
    }
}

// MARK: ServiceAlertingStore

extension FaultyStore: ServiceAlertingStore {
    public func serviceAlerting(serviceID: UUID) async throws -> ServiceAlerting? {
        try await base.serviceAlerting(serviceID: serviceID)
    }
    public func setServiceAlerting(serviceID: UUID, _ alerting: ServiceAlerting?, at: Date) async throws -> Bool {
        try await base.setServiceAlerting(serviceID: serviceID, alerting, at: at)
    }
}

// MARK: AcknowledgementStore

extension FaultyStore: AcknowledgementStore {
    public func acknowledge( notificationID: NotificationID, by user: User, comment: String?, effects: AcknowledgementEffects, at: Date ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool)? {
        try await base.acknowledge(notificationID: notificationID, by: user, comment: comment, effects: effects, at: at)
    }
    public func withdrawAcknowledgement(notificationID: NotificationID, by: User, resume: EscalationPolicy.Due?, at: Date) async throws -> Acknowledgement? {
        try await base.withdrawAcknowledgement(notificationID: notificationID, by: by, resume: resume, at: at)
    }
    public func lastWithdrawal(notificationID: NotificationID) async throws -> (userID: UserID?, username: String, at: Date)? {
        try await base.lastWithdrawal(notificationID: notificationID)
    }
    public func acknowledgements(of ids: [NotificationID]) async throws -> [NotificationID: Acknowledgement] {
        try await base.acknowledgements(of: ids)
    }
    public func readership(notificationID: NotificationID) async throws -> (recipients: Int, read: Int) {
        try await base.readership(notificationID: notificationID)
    }
    public func owner(ofDevice deviceID: Int64) async throws -> User? {
        try await base.owner(ofDevice: deviceID)
    }
}

// MARK: WriteBackStore

extension FaultyStore: WriteBackStore {
    public func claimWriteBacks(owner: String, limit: Int, until: Date, now: Date) async throws -> [WriteBackRecord] {
        try await base.claimWriteBacks(owner: owner, limit: limit, until: until, now: now)
    }
    public func finishWriteBack( _ id: NotificationID, owner: String, achieved: WriteBackGoal, reference: String?, detail: String?, watchAt: Date?, snapshot: String?, at: Date ) async throws {
        try await base.finishWriteBack(id, owner: owner, achieved: achieved, reference: reference, detail: detail, watchAt: watchAt, snapshot: snapshot, at: at)
    }
    public func watchedWriteBack(_ id: NotificationID, owner: String, watchAt: Date?, at: Date) async throws {
        try await base.watchedWriteBack(id, owner: owner, watchAt: watchAt, at: at)
    }
    public func failWriteBack(_ id: NotificationID, owner: String, detail: String, retryAt: Date?, at: Date) async throws {
        try await base.failWriteBack(id, owner: owner, detail: detail, retryAt: retryAt, at: at)
    }
    public func writeBack(of id: NotificationID) async throws -> WriteBackRecord? {
        try await base.writeBack(of: id)
    }
}

// MARK: ServiceWriteBackStore

extension FaultyStore: ServiceWriteBackStore {
    public func serviceWriteBack(serviceID: UUID) async throws -> WriteBackTarget? {
        try await base.serviceWriteBack(serviceID: serviceID)
    }
    public func setServiceWriteBack(serviceID: UUID, _ target: WriteBackTarget?, at: Date) async throws -> Bool {
        try await base.setServiceWriteBack(serviceID: serviceID, target, at: at)
    }
}

// MARK: RotaStore

extension FaultyStore: RotaStore {
    public func createRota(_ definition: RotaDefinition, feedSecretHash: String, at: Date) async throws -> StoredRota? {
        try await base.createRota(definition, feedSecretHash: feedSecretHash, at: at)
    }
    public func updateRota(id: Int64, _ definition: RotaDefinition, at: Date) async throws -> StoredRota? {
        try await base.updateRota(id: id, definition, at: at)
    }
    public func deleteRota(id: Int64) async throws -> Bool {
        try await base.deleteRota(id: id)
    }
    public func rotas() async throws -> [StoredRota] {
        try await base.rotas()
    }
    public func rota(id: Int64) async throws -> StoredRota? {
        try await base.rota(id: id)
    }
    public func rota(feedSecretHash: String) async throws -> StoredRota? {
        try await base.rota(feedSecretHash: feedSecretHash)
    }
    public func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool {
        try await base.setRotaFeedSecret(rotaID: rotaID, hash: hash)
    }
    public func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at: Date) async throws -> StoredRota.Override? {
        try await base.addOverride(rotaID: rotaID, userID: userID, from: from, until: until, at: at)
    }
    public func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool {
        try await base.removeOverride(rotaID: rotaID, overrideID: overrideID)
    }
    public func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool {
        try await base.setCalendarSecret(userID: userID, hash: hash)
    }
    public func hasCalendarSecret(userID: UserID) async throws -> Bool {
        try await base.hasCalendarSecret(userID: userID)
    }
    public func userID(calendarSecretHash: String) async throws -> UserID? {
        try await base.userID(calendarSecretHash: calendarSecretHash)
    }
}

// MARK: EscalationStore

extension FaultyStore: EscalationStore {
    public func setEscalationPolicy(serviceID: UUID, _ policy: EscalationPolicy, at: Date) async throws -> Bool {
        try await base.setEscalationPolicy(serviceID: serviceID, policy, at: at)
    }
    public func escalationPolicy(serviceID: UUID) async throws -> EscalationPolicy? {
        try await base.escalationPolicy(serviceID: serviceID)
    }
    public func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool {
        try await base.deleteEscalationPolicy(serviceID: serviceID)
    }
    public func services(callingRota rotaID: Int64) async throws -> [UUID] {
        try await base.services(callingRota: rotaID)
    }
    public func claimDueEscalations(owner: String, limit: Int, until: Date, now: Date) async throws -> [OpenEscalation] {
        try await base.claimDueEscalations(owner: owner, limit: limit, until: until, now: now)
    }
    public func nextEscalationTime() async throws -> Date? {
        try await base.nextEscalationTime()
    }
    public func runEscalationSteps(_ runs: [EscalationStepRun]) async throws -> [Bool] {
        try await base.runEscalationSteps(runs)
    }
    public func endEscalation(notificationID: NotificationID, owner: String, reason: EscalationEnd, at: Date) async throws -> Bool {
        try await base.endEscalation(notificationID: notificationID, owner: owner, reason: reason, at: at)
    }
    public func escalation(notificationID: NotificationID) async throws -> EscalationRecord? {
        try await base.escalation(notificationID: notificationID)
    }
    public func escalationCalls(notificationID: NotificationID) async throws -> [EscalationCall] {
        try await base.escalationCalls(notificationID: notificationID)
    }
    public func escalationEvents(notificationID: NotificationID) async throws -> [EscalationEvent] {
        try await base.escalationEvents(notificationID: notificationID)
    }
    public func escalationsStarted(serviceID: UUID, since: Date) async throws -> Int {
        try await base.escalationsStarted(serviceID: serviceID, since: since)
    }
}

// MARK: QuietHoursStore

extension FaultyStore: QuietHoursStore {
    public func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at: Date) async throws {
        try await base.setQuietHours(userID: userID, quietHours, at: at)
    }
    public func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours] {
        try await base.quietHours(userIDs: userIDs)
    }
    public func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws {
        try await base.snooze(userID: userID, serviceID: serviceID, until: until)
    }
    public func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date] {
        try await base.snoozes(userID: userID, now: now)
    }
    public func quietChoices(now: Date) async throws -> [UserID: QuietChoices] {
        try await base.quietChoices(now: now)
    }
    public func quietChoicesStamp() async throws -> Int64 {
        try await base.quietChoicesStamp()
    }
    public var quietChoicesChangedHere: LocalChangeCount { base.quietChoicesChangedHere }
}

// MARK: FanoutStore

extension FaultyStore: FanoutStore {
    public func claimFanouts(owner: String, limit: Int, until: Date, now: Date) async throws -> [FanoutJob] {
        try await base.claimFanouts(owner: owner, limit: limit, until: until, now: now)
    }
    public func expandFanout(_ job: FanoutJob, owner: String, chunk: Int, until: Date, now: Date) async throws -> FanoutStep {
        try await base.expandFanout(job, owner: owner, chunk: chunk, until: until, now: now)
    }
    public func pendingFanouts() async throws -> Int {
        try await base.pendingFanouts()
    }
}
