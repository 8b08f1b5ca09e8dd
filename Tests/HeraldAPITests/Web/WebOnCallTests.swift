import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The on-call pages (issue 26) over the real router: an admin makes a
/// rota in its form and sees its calendar drawn on the server (a name that
/// is markup stays text inside the SVG), adds an override, sets a policy;
/// a user sees who is on call but no admin form, sets quiet hours on the
/// profile and snoozes a service from the subscriptions page.
@Suite("Web app: on call")
struct WebOnCallTests {
    @Test(arguments: Backend.databases)
    func anAdminMakesARotaAndAPolicyAndAUserSetsQuietHoursAndSnoozes(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            _ = try await app.createUser("root", admin: true)
            _ = try await app.createUser("ann")
            let service = try await app.createService()
            let admin = WebSession(app)
            _ = try await admin.signIn("root")
            let started = ISO8601DateFormatter.string(from: Date().addingTimeInterval(-86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let made = try await admin.post(
                "/oncall/rotas",
                [("name", "<script>Night</script>"), ("members", "ann, root"), ("rotation_length", "1"), ("rotation_unit", "days"),
                 ("starts_on", started), ("hand_off", "08:00"), ("time_zone", "UTC")]
            )
            #expect(made.status == .seeOther, "\(made.text)")
            let location = try #require(made.headers[.location])
            let page = try await admin.get(location)
            #expect(page.status == .ok)
            #expect(page.text.contains("<svg class=\"rota-calendar\"") && page.text.contains("&lt;script&gt;Night"))
            #expect(!page.text.contains("<script>Night"), "the rota's name is text, not markup")
            let rotaID = try #require(Int(location.split(separator: "/").last?.split(separator: "?").first ?? ""))
            let tomorrow = ISO8601DateFormatter.string(from: Date().addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let covered = try await admin.post("/oncall/rotas/\(rotaID)/overrides", [("username", "root"), ("from", tomorrow + "T08:00"), ("until", tomorrow + "T20:00")])
            #expect(covered.status == .seeOther, "\(covered.text)")
            #expect(try await admin.get("/oncall/rotas/\(rotaID)").text.contains("url(#covering)"))
            let policy = try await admin.post(
                "/admin/services/\(service.id.wireString)/escalation",
                [("target0", "rota:\(rotaID)"), ("wait0", "120"), ("target1", "user"), ("username1", "ann"), ("wait1", "60"), ("repeats", "1"), ("minimum_severity", "critical")]
            )
            #expect(policy.status == .seeOther, "\(policy.text)")
            let stored = try #require(try await app.store.escalationPolicy(serviceID: service.id))
            #expect(stored.steps.map(\.waitSeconds) == [120, 60] && stored.repeats == 1)
            let refused = try await admin.post("/admin/services/\(service.id.wireString)/escalation", [("target0", "user"), ("username0", "ghost"), ("wait0", "60"), ("repeats", "0")])
            #expect(refused.status == .unprocessableContent && refused.text.contains("No account is called ghost"))

            let ann = WebSession(app)
            _ = try await ann.signIn("ann")
            let list = try await ann.get("/oncall")
            #expect(list.status == .ok && list.text.contains("&lt;script&gt;Night") && !list.text.contains("action=\"/oncall/rotas\""))
            #expect(try await ann.post("/oncall/rotas", [("name", "Mine")]).status == .forbidden)
            let quiet = try await ann.post(
                "/profile/quiet-hours",
                [("nights_from", "22:00"), ("nights_until", "07:00"), ("weekends", "off"), ("weekends", "on"), ("time_zone", "Europe/Stockholm"), ("break_through", "critical"), ("quieting", "inbox_only")]
            )
            #expect(quiet.status == .seeOther, "\(quiet.text)")
            let annID = try #require(try await app.store.user(named: "ann")).id
            let hours = try #require(try await app.store.quietHours(userID: annID))
            #expect(hours.windows.count == 2 && hours.quieting == .inboxOnly)
            #expect(try await ann.get("/profile").text.contains("value=\"22:00\""))
            let snoozed = try await ann.post("/subscriptions/snooze", [("service", service.id.wireString), ("length", "8h")])
            #expect(snoozed.status == .seeOther)
            #expect(try await app.store.snoozes(userID: annID, now: Date())[service.id] != nil)
            #expect(try await ann.get("/subscriptions").text.contains("Snoozed until"))
        }
    }
}
