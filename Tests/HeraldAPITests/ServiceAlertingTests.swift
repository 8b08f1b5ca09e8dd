import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 25: a service's admin changes how its severities alert, where the
/// site's table does not suit it; nobody else can, and a typo is refused.
@Suite("Service alerting")
struct ServiceAlertingTests {
    @Test(arguments: Backend.allCases)
    func anAdminChangesAServicesUrgenciesAndOnlyAnAdmin(_ backend: Backend) async throws {
        let logs = CapturedLogs()
        try await TestApp.run(backend, configure: { $0.delivery.urgency.table = try! UrgencyTable.standard.overridden(by: "warning=passive") }, logger: logs.logger) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (_, someone) = try await app.user("someone")
            let path = "/api/v2/services/\(service.id.uuidString)/alerting"

            let initial = try await app.request(.get, path, token: admin)
            #expect(initial.status == .ok)
            #expect(try initial.json(["is_default"]) as? Bool == true && (initial.json(["urgency"]) as? [String: String]) == [:])
            let effective = try #require(try initial.json(["effective"]) as? [String: String])
            #expect(effective.count == Severity.allCases.count && effective["warning"] == "passive" && effective["critical"] == "critical", "the site's table")

            // Not for a user, a sender or nobody; the service is left as it was.
            #expect(try await app.request(.put, path, token: someone, json: ["urgency": ["info": "critical"]]).status == .forbidden)
            #expect(try await app.request(.put, path, json: ["urgency": ["info": "critical"]]).status == .unauthorized)
            #expect(try await app.request(.get, path, token: someone).status == .forbidden)
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == nil)

            // Names exactly as documented: a typo is refused whole, nothing stored.
            for bad: [String: Any] in [["urgency": ["crit": "critical"]], ["urgency": ["info": "loud"]], ["urgency": ["info": "Active"]], ["urgency": ["info": 5]], ["urgency": "info"]] {
                let refused = try await app.request(.put, path, token: admin, json: bad)
                #expect(refused.status == .unprocessableContent, "\(bad)")
            }
            let typo = try await app.request(.put, path, token: admin, json: ["urgency": ["info": "active", "p1": "critical"]])
            #expect((try typo.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", "urgency"])
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == nil)

            let set = try await app.request(.put, path, token: admin, json: ["urgency": ["info": "active", "critical": "time-sensitive"]])
            #expect(set.status == .ok)
            #expect((try set.json(["urgency"]) as? [String: String]) == ["info": "active", "critical": "time-sensitive"])
            let now = try #require(try await app.request(.get, path, token: admin).json(["effective"]) as? [String: String])
            #expect(now["info"] == "active" && now["critical"] == "time-sensitive" && now["warning"] == "passive" && now["ok"] == "passive")
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == ServiceAlerting(urgency: [.info: .active, .critical: .timeSensitive]))
            #expect(logs.all.contains { $0.contains("service alerting set") && $0.contains("by=root") && $0.contains(service.id.uuidString.lowercased()) })

            // Resolutions alert or arrive quietly (the default); nothing else.
            #expect(try await app.request(.get, path, token: admin).json(["resolutions"]) as? String == "quiet")
            #expect(try await app.request(.put, path, token: admin, json: ["resolutions": "loud"]).status == .unprocessableContent)
            let loud = try await app.request(.put, path, token: admin, json: ["resolutions": "alert"])
            #expect(try loud.json(["resolutions"]) as? String == "alert" && loud.json(["is_default"]) as? Bool == false)
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == ServiceAlerting(resolutions: .alert), "the levels were replaced too")

            // An empty set, like DELETE, goes back to the site's table.
            #expect(try await app.request(.put, path, token: admin, json: ["urgency": [String: String]()]).json(["is_default"]) as? Bool == true)
            _ = try await app.request(.put, path, token: admin, json: ["urgency": ["info": "active"]])
            #expect(try await app.request(.delete, path, token: admin).status == .noContent)
            #expect(try await app.request(.get, path, token: admin).json(["is_default"]) as? Bool == true)
            #expect(logs.all.contains { $0.contains("service alerting removed") && $0.contains("by=root") })

            let missing = "/api/v2/services/\(UUID().uuidString)/alerting"
            for method in [HTTPRequest.Method.get, .delete] { #expect(try await app.request(method, missing, token: admin).status == .notFound) }
            #expect(try await app.request(.put, missing, token: admin, json: ["urgency": ["info": "active"]]).status == .notFound)

            // A deleted service takes its alerting with it.
            _ = try await app.request(.put, path, token: admin, json: ["urgency": ["info": "active"]])
            #expect(try await app.request(.delete, "/api/v2/services/\(service.id.uuidString)", token: admin).status == .noContent)
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == nil)
        }
    }
}
