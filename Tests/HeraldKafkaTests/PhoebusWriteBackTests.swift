import Foundation
import HeraldBridges
import HeraldCore
import HeraldKafka
import HeraldOutbound
import HeraldPublishing
import HeraldTestSupport
import HeraldUseCases
import Logging
import Prometheus
import Testing

/// An acknowledgement of a Phoebus alarm, written back to the alarm server:
/// the bridge publishes a PV's alarm from librdkafka's mock cluster, a
/// recipient acknowledges it, and the write-back runner (with the real
/// producer) puts exactly one acknowledge command on `<config>Command`, as
/// Phoebus's own UI would; a withdrawal sends one unacknowledge.
@Suite("Phoebus write-back")
struct PhoebusWriteBackTests {
    /// A PV's path, and one past the 256 bytes a key keeps: the alarm's key
    /// is then stored as its hash, and the command still names the whole
    /// path (the typed `alarm_identity`; before, the write-back parsed the
    /// key and refused the alarm as "not a Phoebus alarm").
    static let paths = ["/Acc/Vac/PV3", "/Acc/Vac/" + String(repeating: "Sector-4-Cryomodule-7-", count: 14) + "PV3"]

    @Test(arguments: Backend.allCases, Self.paths)
    func anAcknowledgementIsOneCommandOnTheCommandTopic(_ backend: Backend, path: String) async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Acc")
        try producer.createMockTopic("AccCommand")
        let brokers = try #require(producer.mockBootstrapServers)
        try producer.send(topic: "Acc", key: "config:" + path, value: #"{"description":"Vacuum gauge 3"}"#)
        await producer.flush()

        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "0000ff", owner: "ops"))
            let alice = try await store.createUser(username: "alice", passwordHash: "-", isAdmin: false)
            let root = try await store.createUser(username: "root", passwordHash: "-", isAdmin: true)
            try await store.setSubscriptions(userID: alice.id, [service.id: true])
            let targets = ServiceWriteBacks(store: store, outbound: OutboundPolicy(), hasKafka: true, clock: .system)
            await #expect(throws: UseCaseError.self, "only an admin says where acknowledgements go") {
                try await targets.set(target: "phoebus", url: nil, silenceMinutes: nil, on: service.id, by: Actor(user: alice, isConfined: false, grants: .none), logger: TestDatabase.logger)
            }
            _ = try await targets.set(target: "phoebus", url: nil, silenceMinutes: nil, on: service.id, by: Actor(user: root, isConfined: false, grants: .none), logger: TestDatabase.logger)
            // A handled service's alarms are its responders' to take (issue 39): its policy names alice.
            #expect(try await store.setEscalationPolicy(serviceID: service.id, EscalationPolicy(steps: [.init(targets: [.user(alice.id)], waitSeconds: 3_600)]), at: Date()))

            let settings = KafkaSettings(brokers: brokers, topics: ["Acc"], groupID: "herald-write-back", services: [("/Acc", service.id)])
            let bridge = KafkaAlarmBridge(settings: settings, services: store, publisher: .forTests(store), parking: .forTests(store), logger: TestDatabase.logger)
            let id = try await withRunningServices([bridge], logger: TestDatabase.logger) {
                try await waitWhileReading(bridge, until: "caught up") { bridge.progress.caughtUp }
                try producer.send(topic: "Acc", key: "state:" + path, value: KafkaBridgeTests.state("MAJOR", seconds: 100))
                await producer.flush()
                try await waitWhileReading(bridge, until: "the alarm published") { try await !store.notifications(serviceID: service.id).isEmpty }
                return try #require(try await store.notifications(serviceID: service.id).first?.id)
            }
            let stored = try #require(try await store.notification(id: id))
            #expect(stored.alarmIdentity == .phoebus(path))
            #expect((stored.key == "alarm:" + path) == (path.utf8.count <= 250), "a long path's key is its hash")

            let acknowledgements = Acknowledgements(
                store: store, visibility: ServiceVisibility(demo: nil), brake: UserChangeBrake(perMinute: 100, clock: .system), clock: .system
            )
            _ = try await acknowledgements.acknowledge(id, comment: "on it", by: alice, logger: TestDatabase.logger)
            let http = OutboundHTTP(policy: OutboundPolicy())
            do {
                let sender = try KafkaCommandProducer(brokers: brokers)
                let runner = WriteBackService(
                    store: store, http: http, phoebus: sender, clock: .system, registry: PrometheusCollectorRegistry(),
                    logger: TestDatabase.logger, watchInterval: 1, host: "herald-test"
                ) { _, _ in Issue.record("a Phoebus alarm is never watched") }
                try await runner.runDue()
                #expect(try await store.writeBack(of: id)?.state == "done")
                // Run again: nothing more is sent for the same acknowledgement.
                try await runner.runDue()
                try await runner.runDue()
                let commands = try await Self.messages(on: "AccCommand", brokers: brokers, atLeast: 1)
                #expect(commands.count == 1, "exactly one command per acknowledgement")
                #expect(commands.first?.key == "command:" + path)
                let value = try #require(commands.first?.value)
                #expect(value == ["user": "alice", "host": "herald-test", "command": "acknowledge"])

                // Withdrawn: one unacknowledge follows.
                try await acknowledgements.withdraw(id, by: Actor(user: alice, isConfined: false, grants: .none), logger: TestDatabase.logger)
                try await runner.runDue()
                try await runner.runDue()
                let after = try await Self.messages(on: "AccCommand", brokers: brokers, atLeast: 2)
                #expect(after.map { $0.value["command"] } == ["acknowledge", "unacknowledge"])
                #expect(try await store.writeBack(of: id).map { ($0.wanted, $0.state) } ?? (.acknowledged, "") == (.withdrawn, "done"))
            } catch {
                try? await http.shutdown()
                throw error
            }
            try await http.shutdown()
        }
    }

    /// Every message on `topic` from the beginning, once at least `count`
    /// are there and nothing more came for a moment.
    static func messages(on topic: String, brokers: String, atLeast count: Int) async throws -> [(key: String, value: [String: String])] {
        try await onThreadOfItsOwn {
            let consumer = try KafkaConsumer(brokers: brokers, groupID: "reader-\(UUID().uuidString)")
            let partitions = try consumer.partitions(topics: [topic])
            try consumer.assignFromBeginning(Array(partitions.keys))
            var found: [(key: String, value: [String: String])] = []
            let deadline = Date().addingTimeInterval(30)
            var quietSince = Date()
            while Date() < deadline, found.count < count || Date().timeIntervalSince(quietSince) < 1 {
                guard case .message(_, _, let key, let value)? = consumer.poll(timeoutMs: 100) else { continue }
                let object = value.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] } ?? [:]
                found.append((key, object))
                quietSince = Date()
            }
            return found
        }
    }
}
