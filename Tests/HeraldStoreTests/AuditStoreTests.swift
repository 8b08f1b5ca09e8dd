import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Testing

/// The audit log's store (issue 41), one contract on every backend:
/// appended, read newest first through every filter, exported oldest
/// first, pruned by age; an account's entries outlive it by name.
@Suite("The audit log, on every backend")
struct AuditStoreTests {
    @Test(arguments: Backend.allCases)
    func entriesAreFilteredPagedExportedAndPruned(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let cryo = UUID()
            let rf = UUID()
            let ada = try await store.createUser(username: "ada", passwordHash: "-", isAdmin: true)
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            func record(_ minute: Int, _ action: AuditAction, service: UUID?, by who: User? = nil) -> AuditRecord {
                AuditRecord(
                    at: start.addingTimeInterval(Double(minute) * 60), actorID: who?.id, actorName: who?.username ?? "command line", action: action,
                    serviceID: service, target: "thing \(minute)", before: minute == 0 ? nil : #"{"n":\#(minute - 1)}"#, after: #"{"n":\#(minute)}"#,
                    address: who == nil ? nil : "192.0.2.\(minute)"
                )
            }
            var ids: [Int64] = []
            ids.append(try await store.appendAudit(record(0, .serviceCreated, service: cryo, by: ada)))
            ids.append(try await store.appendAudit(record(1, .tokenIssued, service: cryo, by: ada)))
            ids.append(try await store.appendAudit(record(2, .serviceCreated, service: rf)))
            ids.append(try await store.appendAudit(record(3, .teamCreated, service: nil, by: ada)))
            #expect(ids == ids.sorted() && Set(ids).count == 4)

            let all = try await store.auditEntries(AuditQuery())
            #expect(all.map(\.id) == ids.reversed(), "newest first")
            #expect(all.last?.record == record(0, .serviceCreated, service: cryo, by: ada), "read back as written")
            #expect(try await store.auditEntries(AuditQuery(serviceID: cryo)).map(\.id) == [ids[1], ids[0]])
            #expect(try await store.auditEntries(AuditQuery(actorName: "command line")).map(\.id) == [ids[2]])
            #expect(try await store.auditEntries(AuditQuery(action: .serviceCreated)).map(\.id) == [ids[2], ids[0]])
            #expect(try await store.auditEntries(AuditQuery(since: start.addingTimeInterval(60), until: start.addingTimeInterval(180))).map(\.id) == [ids[2], ids[1]])
            #expect(try await store.auditEntries(AuditQuery(services: [rf])).map(\.id) == [ids[2]], "an owner's scope: no site-wide entries")
            #expect(try await store.auditEntries(AuditQuery(services: [])).isEmpty)
            #expect(try await store.auditEntries(AuditQuery(before: ids[2], limit: 1)).map(\.id) == [ids[1]], "a page before a cursor")
            #expect(try await store.auditEntries(after: ids[0], limit: 2).map(\.id) == [ids[1], ids[2]], "the export: oldest first")

            // The account goes; its entries stay, by name.
            #expect(try await store.deleteUser(id: ada.id))
            let kept = try await store.auditEntries(AuditQuery(actorName: "ada"))
            #expect(kept.count == 3 && kept.allSatisfy { $0.record.actorID == nil })

            #expect(try await store.pruneAudit(before: start.addingTimeInterval(150), limit: 2) == 2)
            #expect(try await store.pruneAudit(before: start.addingTimeInterval(150), limit: 2) == 1)
            #expect(try await store.auditEntries(AuditQuery()).map(\.id) == [ids[3]])
        }
    }
}
