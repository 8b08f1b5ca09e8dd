import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import PostgresNIO
import SQLiteNIO
import Testing

/// What the stores do at the edges: values a database refuses, values it
/// holds that Herald does not understand, and parked messages.
@Suite("Store edges")
struct StoreEdgeTests {
    @Test(arguments: Backend.allCases)
    func parkedMessagesKeepTheirPayloadAndReasonNewestFirst(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let payload = Data([0x00, 0xff, 0x7b, 0x22])
            let first = ParkedMessageDraft(source: "kafka", reference: "Events/0/17", payload: payload, reason: "invalid input", attempts: 5)
            let second = ParkedMessageDraft(source: "kafka", reference: "Events/0/18", payload: nil, reason: "again", attempts: 5)
            try await store.park(first, at: Timestamp.now())
            try await store.park(second, at: Timestamp.now().addingTimeInterval(1))
            let parked = try await store.parkedMessages(limit: 10)
            #expect(parked.map(\.message) == [second, first])
            #expect(try await store.parkedMessages(limit: 1).count == 1)
        }
    }

    /// PostgreSQL refuses a NUL in text (SQLSTATE 22021) and an index entry
    /// over about 2,700 bytes (54000): bad input, not a server fault.
    @Test func valuesPostgreSQLRefusesAreInvalidInput() async throws {
        try await TestDatabase.withStore(.postgres) { store in
            await #expect(throws: StoreError.self) {
                try await store.createService(ServiceDraft(category: "a\u{0}b", color: "000000", owner: "o"))
            }
            do {
                _ = try await store.createService(ServiceDraft(category: "a\u{0}b", color: "000000", owner: "o"))
            } catch let error as StoreError {
                guard case .invalidInput(let reason) = error else { Issue.record("\(error)"); return }
                #expect(reason.contains("22021"))
            }
            let user = try await store.createUser(username: "u", passwordHash: nil, isAdmin: false)
            let huge = String((0..<8_000).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
            do {
                _ = try await store.registerDevice(userID: user.id, token: huge, platform: .fcm, at: Timestamp.now())
                Issue.record("an 8,000-byte random index key was stored")
            } catch let error as StoreError {
                guard case .invalidInput(let reason) = error else { Issue.record("\(error)"); return }
                #expect(reason.contains("54000"))
            }
        }
    }

    /// A stored value Herald does not know (a platform from a newer
    /// version, a hand-edited row) stops the read with the value named,
    /// instead of being read as FCM or as pending.
    @Test(arguments: Backend.allCases)
    func unknownStoredValuesAreRefusedLoudly(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
                let user = try await store.createUser(username: "u", passwordHash: nil, isAdmin: false)
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                _ = try await store.registerDevice(userID: user.id, token: "t", platform: .fcm, at: Timestamp.now())
                let notification = try #require(try await store.publish(NotificationDraft(title: "t"), serviceID: service.id, at: Timestamp.now()))
                try await Self.execute("UPDATE deliveries SET platform = 'carrierpigeon', state = 'pending'", on: location)
                do {
                    _ = try await store.deliveryReport(notificationID: notification.id)
                    Issue.record("an unknown platform was read")
                } catch StoreError.unreadableRow(let reason) {
                    #expect(reason.contains("platform = 'carrierpigeon' is not a Platform"))
                }
                let alert = AlertObservation(fingerprint: "fp", status: .firing, startsAt: "t0")
                _ = try await AlertDecision.publish([alert], to: service.id, in: store, renotifyAfter: nil, at: Timestamp.now()) { _ in [] }
                try await Self.execute("UPDATE alert_states SET status = 'snoozed'", on: location)
                do {
                    _ = try await AlertDecision.publish([alert], to: service.id, in: store, renotifyAfter: nil, at: Timestamp.now()) { _ in [] }
                    Issue.record("an unknown alert status was read")
                } catch StoreError.unreadableRow(let reason) {
                    #expect(reason.contains("status = 'snoozed'"))
                }
            }
        }
    }

    /// Runs a statement outside the store, as an operator or another version would.
    static func execute(_ sql: String, on location: DatabaseLocation) async throws {
        try await TestDatabase.execute(sql, on: location)
    }
}
