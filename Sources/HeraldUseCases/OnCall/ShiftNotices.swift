import Foundation
import HeraldCore
import HeraldPublishing
import Logging

/// Tells each rota person whom Herald can reach only by push, a day before
/// a shift of theirs, so that they add a number or an address while there
/// is time (issue 42; the rota's coverage view shows their managers the
/// same people). `ShiftNoticeDecision` says who is due; each notice is a
/// notification on Herald's own private service, kept once by its key
/// (`Publisher.notify`), so replicas sweeping together, or a sweep after a
/// restart, tell nobody twice.
public struct ShiftNotices: Sendable {
    public typealias Store = RotaStore & ContactStore & AccountStore & ServiceStore & NotificationStore & AccessStore & AuditStore & LanguageStore
        & SharedSettings

    let store: any Store
    let publisher: Publisher
    let clock: WallClock
    let audit: AuditTrail
    /// SHIFT_NOTICE_HOURS, in seconds: how far ahead a shift is told (0: never).
    let lead: TimeInterval
    let defaultLanguage: Language
    /// PUBLIC_URL: the notice links to the profile's contact methods there.
    let publicURL: String?
    /// Herald's notice service, read again every 5 minutes (one an admin
    /// deleted is replaced then; its notices are told at the next sweep).
    private let service = KeyedCache<Int, UUID>(ttl: 300, capacity: 1)

    public init(store: any Store, publisher: Publisher, clock: WallClock, leadHours: Int, defaultLanguage: Language, publicURL: String?) {
        self.store = store
        self.publisher = publisher
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        lead = TimeInterval(max(0, leadHours)) * 3_600
        self.defaultLanguage = defaultLanguage
        self.publicURL = publicURL
    }

    /// Tells whoever is due and was not told: answers how many were told
    /// now. One notice that fails (the database, a rule) is logged and
    /// tried again at the next sweep; the others are told.
    @discardableResult
    public func sweep(logger: Logger) async throws -> Int {
        guard lead > 0 else { return 0 }
        let rotas = try await store.rotas()
        guard !rotas.isEmpty else { return 0 }
        let now = clock.now()
        let people = Set(rotas.flatMap { $0.members + $0.overrides.map(\.userID) })
        // A confined account (the demo, an untrusted realm) could add no method: not told.
        let active = Set(try await store.users(ids: Array(people)).filter { $0.isActive && !$0.isConfined }.map(\.id))
        // Reached by more than a push: a rule's step for a critical alarm or an escalation's call.
        let reachable = Set(try await store.usersWithContactSteps(classes: ContactRuleClass.onCall))
        let due = ShiftNoticeDecision.notices(rotas: rotas, reachable: reachable, active: active, now: now, lead: lead)
        guard !due.isEmpty else { return 0 }
        let serviceID = try await service.value(of: 0, now: now) { _ in try await noticeService(logger: logger) }
        var untold: [ShiftNotice] = []
        for notice in due where try await store.notification(serviceID: serviceID, key: notice.key) == nil { untold.append(notice) }
        guard !untold.isEmpty else { return 0 }
        let languages = try await store.languages(of: Array(Set(untold.map(\.userID))))
        var told = 0
        for notice in untold {
            do {
                if try await tell(notice, on: serviceID, in: languages[notice.userID] ?? defaultLanguage, at: now, logger: logger) { told += 1 }
            } catch {
                logger.warning(
                    "a shift notice was not told; it is tried again at the next sweep",
                    metadata: ["rota": "\(notice.rotaID)", "user": "\(notice.userID)", "error": "\(String(reflecting: error).prefix(200))"]
                )
            }
        }
        return told
    }

    /// One notice: its person made a viewer of the notice service (which
    /// is private) unless they are, then the notice kept and pushed once.
    private func tell(_ notice: ShiftNotice, on serviceID: UUID, in language: Language, at now: Date, logger: Logger) async throws -> Bool {
        if try await store.accessGrants(userID: notice.userID).roles[serviceID] == nil,
            try await store.grantRole(.viewer, of: serviceID, to: .user(notice.userID), at: now)
        {
            await audit.record(.roleGranted, by: .herald, service: serviceID, target: "viewer role", after: AuditTrail.json(["user": "\(notice.userID)"]), logger: logger)
        }
        guard let record = try await publisher.notify(Self.draft(notice, in: language, publicURL: publicURL), to: [notice.userID], on: serviceID) else {
            return false
        }
        logger.info("shift notice told", metadata: ["rota": "\(notice.rotaID)", "user": "\(notice.userID)", "starts": "\(notice.from)", "notification": "\(record.id)"])
        return true
    }

    /// What a notice says, in the person's language, the start in the rota's zone.
    static func draft(_ notice: ShiftNotice, in language: Language, publicURL: String?) -> NotificationDraft {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.rawValue)
        formatter.timeZone = notice.zone.timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEdMMMHHmm")
        let when = "\(formatter.string(from: notice.from)) (\(notice.zone.name))"
        let link = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.map { "\($0)/profile/contact" } ?? ""
        return NotificationDraft(
            // A rota's name has at most 100 characters: the title is well within the rules.
            title: Catalog.text("msg.shiftNoticeTitle", language, ["rota": notice.rotaName, "when": when]),
            subtitle: Catalog.text("msg.shiftNoticeBody", language),
            url: link,
            severity: .info,
            key: notice.key
        )
    }

    /// Herald's own private service for its notices: its id is a shared
    /// setting, so every replica uses one, and it is made when missing (the
    /// first time, or after an admin deleted it) under that id; a replica
    /// making it at the same moment finds it made.
    private func noticeService(logger: Logger) async throws -> UUID {
        let chosen = try await store.sharedSetting(ShiftNotice.serviceSetting, ifAbsent: UUID().uuidString)
        guard let id = UUID(uuidString: chosen) else { throw StoreError.unreadableRow("settings \(ShiftNotice.serviceSetting): \(chosen.prefix(40))") }
        if try await store.service(id: id) != nil { return id }
        do {
            _ = try await store.createService(ServiceDraft(category: "Herald", color: "5b6770", owner: "herald", isPrivate: true, id: id))
        } catch {
            if try await store.service(id: id) != nil { return id }
            throw error
        }
        await audit.record(.serviceCreated, by: .herald, service: id, target: "Herald's notice service", logger: logger)
        logger.info("Herald's notice service made", metadata: ["service": "\(id)"])
        return id
    }
}
