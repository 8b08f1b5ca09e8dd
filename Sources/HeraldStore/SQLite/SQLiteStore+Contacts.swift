import Foundation
import HeraldCore
import SQLiteNIO

/// Contact methods and personal notification rules (issue 42).
extension SQLiteStore: ContactStore {
    static let contactColumns: SQLiteQuery = "id, user_id, kind, address, created_at, verified_at, code_hash, code_expires_at, code_tries, device_id, source"

    static func contactMethod(_ row: SQLiteRow) throws -> ContactMethod {
        let id = try row.int64("id")
        guard let kind = try StoredValue.parse(try row.text("kind"), as: ContactKind.init(rawValue:), "contact_methods", "kind", row: id) else {
            throw StoreError.unreadableRow("contact_methods.kind of row \(id) is empty")
        }
        let pending = try row.optionalText("code_hash").map {
            ContactVerification.Pending(codeHash: $0, expiresAt: try row.optionalDate("code_expires_at") ?? .distantPast, tries: Int(try row.int64("code_tries")))
        }
        return ContactMethod(
            id: id, userID: try row.int64("user_id"), kind: kind, address: try row.text("address"), createdAt: try row.date("created_at"),
            verifiedAt: try row.optionalDate("verified_at"), verification: pending, deviceID: try row.optionalInt64("device_id"),
            source: try StoredValue.parse(try row.text("source"), as: ContactSource.init(rawValue:), "contact_methods", "source", row: id) ?? .entered
        )
    }

    public func contactMethods(userID: UserID) async throws -> [ContactMethod] {
        try await database.read { db in
            try await db.rows("SELECT \(Self.contactColumns) FROM contact_methods WHERE user_id = \(userID) ORDER BY id").map(Self.contactMethod)
        }
    }

    public func addContactMethod(userID: UserID, kind: ContactKind, address: String, at: Date) async throws -> ContactMethod? {
        try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO contact_methods (user_id, kind, address, created_at)
                SELECT id, \(kind.rawValue), \(address), \(at) FROM users WHERE id = \(userID)
                ON CONFLICT (user_id, kind, address) DO NOTHING
                """
            )
            return try await db.first(
                "SELECT \(Self.contactColumns) FROM contact_methods WHERE user_id = \(userID) AND kind = \(kind.rawValue) AND address = \(address)"
            ).map(Self.contactMethod)
        }
    }

    public func setContactCode(methodID: Int64, userID: UserID, pending: ContactVerification.Pending?) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE contact_methods SET code_hash = \(pending?.codeHash), code_expires_at = \(pending?.expiresAt), code_tries = \(pending?.tries ?? 0)
                WHERE id = \(methodID) AND user_id = \(userID)
                """
            )
            return try await db.changes() > 0
        }
    }

    public func takeContactCodeTry(methodID: Int64, userID: UserID) async throws -> ContactVerification.Pending? {
        try await database.transaction { db in
            guard
                let row = try await db.first(
                    """
                    SELECT code_hash, code_expires_at, code_tries FROM contact_methods
                    WHERE id = \(methodID) AND user_id = \(userID) AND code_hash IS NOT NULL AND code_tries < \(ContactVerification.maximumTries)
                    """
                )
            else { return nil }
            try await db.execute("UPDATE contact_methods SET code_tries = code_tries + 1 WHERE id = \(methodID)")
            return ContactVerification.Pending(
                codeHash: try row.text("code_hash"), expiresAt: try row.optionalDate("code_expires_at") ?? .distantPast, tries: Int(try row.int64("code_tries"))
            )
        }
    }

    public func verifyContactMethod(methodID: Int64, userID: UserID, at: Date) async throws -> ContactMethod? {
        try await database.transaction { db in
            guard let row = try await db.first("SELECT \(Self.contactColumns) FROM contact_methods WHERE id = \(methodID) AND user_id = \(userID)") else {
                return nil
            }
            let method = try Self.contactMethod(row)
            if method.deviceID != nil { return method }
            let token = Platform.contactToken(methodID: methodID)
            try await db.execute(
                """
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(method.kind.platform.rawValue), \(at), \(at))
                ON CONFLICT (token) DO NOTHING
                """
            )
            guard let device = try await db.first("SELECT id FROM devices WHERE token = \(token) AND user_id = \(userID)")?.int64("id") else {
                throw StoreError.conflict("contact device \(token) belongs to another account")
            }
            try await db.execute(
                """
                UPDATE contact_methods SET verified_at = \(at), device_id = \(device), code_hash = NULL, code_expires_at = NULL, code_tries = 0
                WHERE id = \(methodID)
                """
            )
            return try await db.first("SELECT \(Self.contactColumns) FROM contact_methods WHERE id = \(methodID)").map(Self.contactMethod)
        }
    }

    public func removeContactMethod(methodID: Int64, userID: UserID) async throws -> Bool {
        try await database.transaction { db in
            guard let row = try await db.first("SELECT device_id FROM contact_methods WHERE id = \(methodID) AND user_id = \(userID)") else { return false }
            if let device = try row.optionalInt64("device_id") {
                try await db.execute("DELETE FROM contact_steps WHERE device_id = \(device)")
                try await db.execute("DELETE FROM devices WHERE id = \(device) AND user_id = \(userID)")
            }
            try await db.execute("DELETE FROM contact_methods WHERE id = \(methodID)")
            return true
        }
    }

    public func setContactSource(methodID: Int64, userID: UserID, _ source: ContactSource) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("UPDATE contact_methods SET source = \(source.rawValue) WHERE id = \(methodID) AND user_id = \(userID) RETURNING id") != nil
        }
    }

    public func contactRules(userID: UserID) async throws -> [ContactRuleClass: [ContactRuleStep]] {
        try await database.read { db in
            var rules: [ContactRuleClass: [ContactRuleStep]] = [:]
            for row in try await db.rows("SELECT rule_class, steps FROM contact_rules WHERE user_id = \(userID)") {
                guard let ruleClass = try StoredValue.parse(try row.text("rule_class"), as: ContactRuleClass.init(rawValue:), "contact_rules", "rule_class", row: userID),
                    let steps = try StoredValue.parse(
                        try row.text("steps"), as: { try? JSONDecoder().decode([ContactRuleStep].self, from: Data($0.utf8)) }, "contact_rules", "steps", row: userID
                    )
                else { continue }
                rules[ruleClass] = steps
            }
            return rules
        }
    }

    public func saveContactRules(userID: UserID, ruleClass: ContactRuleClass?, own: [ContactRuleStep]?, steps: [ContactStepRow], at: Date) async throws {
        try await database.transaction { db in
            if let ruleClass {
                if let own {
                    let json = String(decoding: try JSONEncoder().encode(own), as: UTF8.self)
                    try await db.execute(
                        """
                        INSERT INTO contact_rules (user_id, rule_class, steps, updated_at) SELECT id, \(ruleClass.rawValue), \(json), \(at) FROM users WHERE id = \(userID)
                        ON CONFLICT (user_id, rule_class) DO UPDATE SET steps = excluded.steps, updated_at = excluded.updated_at
                        """
                    )
                } else {
                    try await db.execute("DELETE FROM contact_rules WHERE user_id = \(userID) AND rule_class = \(ruleClass.rawValue)")
                }
            }
            try await db.execute("DELETE FROM contact_steps WHERE user_id = \(userID)")
            for step in steps where step.userID == userID {
                // Only methods still verified and still the person's: a removal that raced this keeps its steps out.
                try await db.execute(
                    """
                    INSERT INTO contact_steps (device_id, rule_class, user_id, method_id, min_priority, max_priority, delay_seconds)
                    SELECT \(step.deviceID), \(step.ruleClass.rawValue), \(userID), id, \(step.ruleClass.priorities.lowerBound),
                        \(step.ruleClass.priorities.upperBound), \(step.delaySeconds)
                    FROM contact_methods WHERE id = \(step.methodID) AND device_id = \(step.deviceID) AND user_id = \(userID) AND verified_at IS NOT NULL
                    ON CONFLICT DO NOTHING
                    """
                )
            }
        }
    }

    public func usersWithContactSteps(classes: [ContactRuleClass]) async throws -> [UserID] {
        try await database.read { db in
            try await db.rows(
                "SELECT DISTINCT user_id FROM contact_steps WHERE rule_class IN (SELECT value FROM json_each(\(jsonArray: classes.map(\.rawValue)))) ORDER BY user_id"
            ).map { try $0.int64("user_id") }
        }
    }

    public func usersWithContactMethods() async throws -> [UserID] {
        try await database.read { db in
            try await db.rows("SELECT DISTINCT user_id FROM contact_methods WHERE verified_at IS NOT NULL ORDER BY user_id").map { try $0.int64("user_id") }
        }
    }

    public func verifiedContacts(kind: ContactKind, address: String) async throws -> [ContactMethod] {
        try await database.read { db in
            try await db.rows(
                "SELECT \(Self.contactColumns) FROM contact_methods WHERE kind = \(kind.rawValue) AND address = \(address) AND verified_at IS NOT NULL ORDER BY id"
            ).map(Self.contactMethod)
        }
    }

    public func contactAddresses(methodIDs: [Int64]) async throws -> [Int64: String] {
        guard !methodIDs.isEmpty else { return [:] }
        return try await database.read { db in
            var addresses: [Int64: String] = [:]
            for row in try await db.rows(
                "SELECT id, address FROM contact_methods WHERE id IN (SELECT value FROM json_each(\(jsonArray: methodIDs))) AND verified_at IS NOT NULL"
            ) {
                addresses[try row.int64("id")] = try row.text("address")
            }
            return addresses
        }
    }

    public func contactedNotifications(deviceIDs: [Int64], since: Date, limit: Int) async throws -> [ContactedNotification] {
        guard !deviceIDs.isEmpty else { return [] }
        return try await database.read { db in
            try await db.rows(
                """
                SELECT notification_id, max(sent_at) AS sent_at FROM (
                    SELECT notification_id, contact_started_at AS sent_at FROM deliveries WHERE device_id IN (SELECT value FROM json_each(\(jsonArray: deviceIDs)))
                        AND platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND contact_started_at >= \(since)
                    UNION ALL
                    SELECT notification_id, finished_at FROM delivery_history WHERE device_id IN (SELECT value FROM json_each(\(jsonArray: deviceIDs)))
                        AND platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND finished_at >= \(since) AND state = 'sent'
                ) GROUP BY notification_id ORDER BY max(sent_at) DESC LIMIT \(limit)
                """
            ).map { ContactedNotification(id: try $0.int64("notification_id"), sentAt: try $0.date("sent_at")) }
        }
    }

    public func contactSends(platform: Platform, since: Date, userIDs: [UserID]) async throws -> (perUser: [UserID: Int], total: Int) {
        try await database.read { db in
            var perUser: [UserID: Int] = [:]
            var total = 0
            for row in try await db.rows(
                """
                SELECT user_id, count(*) AS sent FROM (
                    SELECT user_id FROM deliveries WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND platform = \(platform.rawValue) AND contact_started_at >= \(since)
                    UNION ALL
                    SELECT user_id FROM delivery_history WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND platform = \(platform.rawValue) AND finished_at >= \(since) AND state = 'sent'
                ) GROUP BY user_id
                """
            ) {
                let count = Int(try row.int64("sent"))
                total += count
                if let user = try row.optionalInt64("user_id"), userIDs.contains(user) { perUser[user] = count }
            }
            return (perUser, total)
        }
    }

    public func beginContactSends(_ ids: [DeliveryID], at: Date) async throws -> Set<DeliveryID> {
        guard !ids.isEmpty else { return [] }
        return try await database.transaction { db in
            let fresh = try await db.rows(
                "SELECT id FROM deliveries WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids))) AND contact_started_at IS NULL"
            ).map { try $0.int64("id") }
            try await db.execute("UPDATE deliveries SET contact_started_at = \(at) WHERE id IN (SELECT value FROM json_each(\(jsonArray: fresh)))")
            return Set(fresh)
        }
    }

    public func abandonContactSends(_ ids: [DeliveryID]) async throws {
        guard !ids.isEmpty else { return }
        try await database.transaction { db in
            try await db.execute("UPDATE deliveries SET contact_started_at = NULL WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
        }
    }
}
