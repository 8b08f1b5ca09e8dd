import Foundation
import HeraldCore
import PostgresNIO

/// Contact methods and personal notification rules (issue 42).
extension PostgresStore: ContactStore {
    static let contactColumns = "id, user_id, kind, address, created_at, verified_at, code_hash, code_expires_at, code_tries, device_id, source"
    typealias ContactRow = (Int64, Int64, String, String, ExactTimestamp, ExactTimestamp?, String?, ExactTimestamp?, Int32, Int64?, String)

    static func contactMethod(_ row: ContactRow) throws -> ContactMethod {
        let (id, user, kind, address, created, verified, hash, expires, tries, device, source) = row
        guard let kind = try StoredValue.parse(kind, as: ContactKind.init(rawValue:), "contact_methods", "kind", row: id) else {
            throw StoreError.unreadableRow("contact_methods.kind of row \(id) is empty")
        }
        let pending = hash.map { ContactVerification.Pending(codeHash: $0, expiresAt: expires?.date ?? .distantPast, tries: Int(tries)) }
        return ContactMethod(
            id: id, userID: user, kind: kind, address: address, createdAt: created.date, verifiedAt: verified?.date, verification: pending, deviceID: device,
            source: try StoredValue.parse(source, as: ContactSource.init(rawValue:), "contact_methods", "source", row: id) ?? .entered
        )
    }

    public func contactMethods(userID: UserID) async throws -> [ContactMethod] {
        try await rows(
            "SELECT \(unescaped: Self.contactColumns) FROM contact_methods WHERE user_id = \(userID) ORDER BY id", as: ContactRow.self
        ).map(Self.contactMethod)
    }

    public func addContactMethod(userID: UserID, kind: ContactKind, address: String, at: Date) async throws -> ContactMethod? {
        _ = try await rows(
            """
            INSERT INTO contact_methods (user_id, kind, address, created_at)
            SELECT id, \(kind.rawValue), \(address), \(ExactTimestamp(at)) FROM users WHERE id = \(userID)
            ON CONFLICT (user_id, kind, address) DO NOTHING RETURNING id
            """,
            as: Int64.self
        )
        return try await first(
            "SELECT \(unescaped: Self.contactColumns) FROM contact_methods WHERE user_id = \(userID) AND kind = \(kind.rawValue) AND address = \(address)",
            as: ContactRow.self
        ).map(Self.contactMethod)
    }

    public func setContactCode(methodID: Int64, userID: UserID, pending: ContactVerification.Pending?) async throws -> Bool {
        try await !rows(
            """
            UPDATE contact_methods SET code_hash = \(pending?.codeHash), code_expires_at = \(pending.map { ExactTimestamp($0.expiresAt) }),
                code_tries = \(Int32(pending?.tries ?? 0))
            WHERE id = \(methodID) AND user_id = \(userID) RETURNING id
            """,
            as: Int64.self
        ).isEmpty
    }

    public func takeContactCodeTry(methodID: Int64, userID: UserID) async throws -> ContactVerification.Pending? {
        try await first(
            """
            UPDATE contact_methods SET code_tries = code_tries + 1
            WHERE id = \(methodID) AND user_id = \(userID) AND code_hash IS NOT NULL AND code_tries < \(Int32(ContactVerification.maximumTries))
            RETURNING code_hash, code_expires_at, code_tries - 1
            """,
            as: (String, ExactTimestamp?, Int32).self
        ).map { (hash: String, expires: ExactTimestamp?, tries: Int32) in
            ContactVerification.Pending(codeHash: hash, expiresAt: expires?.date ?? .distantPast, tries: Int(tries))
        }
    }

    public func verifyContactMethod(methodID: Int64, userID: UserID, at: Date) async throws -> ContactMethod? {
        try await transaction { connection in
            guard
                let row = try await connection.rows(
                    "SELECT \(unescaped: Self.contactColumns) FROM contact_methods WHERE id = \(methodID) AND user_id = \(userID) FOR UPDATE",
                    as: ContactRow.self, logger: logger
                ).first
            else { return nil }
            let method = try Self.contactMethod(row)
            if method.deviceID != nil { return method }
            let token = Platform.contactToken(methodID: methodID)
            let device = try await connection.rows(
                """
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(method.kind.platform.rawValue), \(ExactTimestamp(at)), \(ExactTimestamp(at)))
                ON CONFLICT (token) DO UPDATE SET last_seen_at = excluded.last_seen_at WHERE devices.user_id = excluded.user_id
                RETURNING id
                """,
                as: Int64.self, logger: logger
            ).first
            guard let device else { throw StoreError.conflict("contact device \(token) belongs to another account") }
            return try await connection.rows(
                """
                UPDATE contact_methods SET verified_at = \(ExactTimestamp(at)), device_id = \(device), code_hash = NULL, code_expires_at = NULL, code_tries = 0
                WHERE id = \(methodID) RETURNING \(unescaped: Self.contactColumns)
                """,
                as: ContactRow.self, logger: logger
            ).first.map(Self.contactMethod)
        }
    }

    public func removeContactMethod(methodID: Int64, userID: UserID) async throws -> Bool {
        try await transaction { connection in
            guard
                let device = try await connection.rows(
                    "DELETE FROM contact_methods WHERE id = \(methodID) AND user_id = \(userID) RETURNING coalesce(device_id, 0)", as: Int64.self, logger: logger
                ).first
            else { return false }
            if device > 0 {
                try await connection.execute("DELETE FROM contact_steps WHERE device_id = \(device)", logger: logger)
                try await connection.execute("DELETE FROM devices WHERE id = \(device) AND user_id = \(userID)", logger: logger)
            }
            return true
        }
    }

    public func setContactSource(methodID: Int64, userID: UserID, _ source: ContactSource) async throws -> Bool {
        try await first(
            "UPDATE contact_methods SET source = \(source.rawValue) WHERE id = \(methodID) AND user_id = \(userID) RETURNING id", as: Int64.self
        ) != nil
    }

    public func contactRules(userID: UserID) async throws -> [ContactRuleClass: [ContactRuleStep]] {
        var rules: [ContactRuleClass: [ContactRuleStep]] = [:]
        for (ruleClass, steps) in try await rows("SELECT rule_class, steps FROM contact_rules WHERE user_id = \(userID)", as: (String, String).self) {
            guard let ruleClass = try StoredValue.parse(ruleClass, as: ContactRuleClass.init(rawValue:), "contact_rules", "rule_class", row: userID),
                let steps = try StoredValue.parse(steps, as: { try? JSONDecoder().decode([ContactRuleStep].self, from: Data($0.utf8)) }, "contact_rules", "steps", row: userID)
            else { continue }
            rules[ruleClass] = steps
        }
        return rules
    }

    public func saveContactRules(userID: UserID, ruleClass: ContactRuleClass?, own: [ContactRuleStep]?, steps: [ContactStepRow], at: Date) async throws {
        try await transaction { connection in
            if let ruleClass {
                if let own {
                    let json = String(decoding: try JSONEncoder().encode(own), as: UTF8.self)
                    try await connection.execute(
                        """
                        INSERT INTO contact_rules (user_id, rule_class, steps, updated_at) SELECT id, \(ruleClass.rawValue), \(json), \(ExactTimestamp(at)) FROM users WHERE id = \(userID)
                        ON CONFLICT (user_id, rule_class) DO UPDATE SET steps = excluded.steps, updated_at = excluded.updated_at
                        """,
                        logger: logger
                    )
                } else {
                    try await connection.execute("DELETE FROM contact_rules WHERE user_id = \(userID) AND rule_class = \(ruleClass.rawValue)", logger: logger)
                }
            }
            try await connection.execute("DELETE FROM contact_steps WHERE user_id = \(userID)", logger: logger)
            let mine = steps.filter { $0.userID == userID }
            guard !mine.isEmpty else { return }
            // Only methods still verified and still the person's: a removal that raced this keeps its steps out.
            try await connection.execute(
                """
                INSERT INTO contact_steps (device_id, rule_class, user_id, method_id, min_priority, max_priority, delay_seconds)
                SELECT s.device_id, s.rule_class, \(userID), s.method_id, s.min_priority, s.max_priority, s.delay_seconds
                FROM unnest(\(mine.map(\.deviceID))::int8[], \(mine.map(\.ruleClass.rawValue))::text[], \(mine.map(\.methodID))::int8[],
                    \(mine.map { Int32($0.ruleClass.priorities.lowerBound) })::int4[], \(mine.map { Int32($0.ruleClass.priorities.upperBound) })::int4[],
                    \(mine.map { Int32($0.delaySeconds) })::int4[]) AS s(device_id, rule_class, method_id, min_priority, max_priority, delay_seconds)
                JOIN contact_methods m ON m.id = s.method_id AND m.device_id = s.device_id AND m.user_id = \(userID) AND m.verified_at IS NOT NULL
                ON CONFLICT DO NOTHING
                """,
                logger: logger
            )
        }
    }

    public func usersWithContactSteps(classes: [ContactRuleClass]) async throws -> [UserID] {
        try await rows(
            "SELECT DISTINCT user_id FROM contact_steps WHERE rule_class = ANY(\(classes.map(\.rawValue))::text[]) ORDER BY user_id", as: Int64.self
        )
    }

    public func usersWithContactMethods() async throws -> [UserID] {
        try await rows("SELECT DISTINCT user_id FROM contact_methods WHERE verified_at IS NOT NULL ORDER BY user_id", as: Int64.self)
    }

    public func verifiedContacts(kind: ContactKind, address: String) async throws -> [ContactMethod] {
        try await rows(
            """
            SELECT \(unescaped: Self.contactColumns) FROM contact_methods
            WHERE kind = \(kind.rawValue) AND address = \(address) AND verified_at IS NOT NULL ORDER BY id
            """,
            as: ContactRow.self
        ).map(Self.contactMethod)
    }

    public func contactAddresses(methodIDs: [Int64]) async throws -> [Int64: String] {
        guard !methodIDs.isEmpty else { return [:] }
        var addresses: [Int64: String] = [:]
        for (id, address) in try await rows(
            "SELECT id, address FROM contact_methods WHERE id = ANY(\(methodIDs)) AND verified_at IS NOT NULL", as: (Int64, String).self
        ) {
            addresses[id] = address
        }
        return addresses
    }

    public func contactedNotifications(deviceIDs: [Int64], since: Date, limit: Int) async throws -> [ContactedNotification] {
        guard !deviceIDs.isEmpty else { return [] }
        return try await rows(
            """
            SELECT notification_id, max(sent_at) FROM (
                SELECT notification_id, contact_started_at AS sent_at FROM deliveries WHERE device_id = ANY(\(deviceIDs))
                    AND platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND contact_started_at >= \(ExactTimestamp(since))
                UNION ALL
                SELECT notification_id, finished_at FROM delivery_history WHERE device_id = ANY(\(deviceIDs))
                    AND platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND finished_at >= \(ExactTimestamp(since)) AND state = 'sent'
            ) t GROUP BY notification_id ORDER BY max(sent_at) DESC LIMIT \(Int32(limit))
            """,
            as: (Int64, ExactTimestamp).self
        ).map { ContactedNotification(id: $0.0, sentAt: $0.1.date) }
    }

    public func contactSends(platform: Platform, since: Date, userIDs: [UserID]) async throws -> (perUser: [UserID: Int], total: Int) {
        var perUser: [UserID: Int] = [:]
        var total = 0
        for (user, count) in try await rows(
            """
            SELECT user_id, count(*) FROM (
                SELECT user_id FROM deliveries WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND platform = \(platform.rawValue) AND contact_started_at >= \(ExactTimestamp(since))
                UNION ALL
                SELECT user_id FROM delivery_history WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND platform = \(platform.rawValue) AND finished_at >= \(ExactTimestamp(since)) AND state = 'sent'
            ) t GROUP BY user_id
            """,
            as: (Int64?, Int64).self
        ) {
            total += Int(count)
            if let user, userIDs.contains(user) { perUser[user] = Int(count) }
        }
        return (perUser, total)
    }

    public func beginContactSends(_ ids: [DeliveryID], at: Date) async throws -> Set<DeliveryID> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try await rows(
                "UPDATE deliveries SET contact_started_at = \(ExactTimestamp(at)) WHERE id = ANY(\(ids)) AND contact_started_at IS NULL RETURNING id",
                as: Int64.self
            )
        )
    }

    public func abandonContactSends(_ ids: [DeliveryID]) async throws {
        guard !ids.isEmpty else { return }
        try await execute("UPDATE deliveries SET contact_started_at = NULL WHERE id = ANY(\(ids))")
    }
}
