import Foundation
import HeraldBridges
import HeraldCore
import HeraldKafka
import HeraldPublishing
import HeraldTestSupport
import Logging
import Testing

/// The bridge against librdkafka's mock cluster: a real Kafka protocol
/// endpoint on loopback, fed Phoebus-shaped messages.
@Suite("Kafka alarm bridge")
struct KafkaBridgeTests {
    static func state(_ severity: String, seconds: Int, mode: String? = nil) -> String {
        var json: [String: Any] = [
            "severity": severity, "message": "LOLO", "value": "1.0", "time": ["seconds": seconds, "nano": 0], "current_severity": severity,
        ]
        if let mode { json["mode"] = mode }
        return String(decoding: try! JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    }

    @Test(arguments: Backend.allCases)
    func historyIsSilentNewAlarmsArePushedOnceAndRestartsDoNotRepeat(_ backend: Backend) async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Accelerator")
        let brokers = try #require(producer.mockBootstrapServers)
        // 10,000 historical state messages over 500 PVs, and their descriptions.
        for pv in 0..<500 {
            try producer.send(topic: "Accelerator", key: "config:/Acc/Vac/PV\(pv)", value: #"{"description":"Vacuum gauge \#(pv)"}"#)
        }
        for index in 0..<10_000 {
            let pv = index % 500
            try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV\(pv)", value: Self.state(index % 3 == 0 ? "MAJOR" : "OK", seconds: index))
        }
        await producer.flush()

        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "0000ff", owner: "ops"))
            let settings = KafkaSettings(brokers: brokers, topics: ["Accelerator"], groupID: "herald-test", services: [("/Acc", service.id)])
            func runBridge(_ body: @Sendable (KafkaAlarmBridge) async throws -> Void) async throws {
                let bridge = KafkaAlarmBridge(settings: settings, services: store, publisher: .forTests(store), parking: .forTests(store), logger: TestDatabase.logger)
                try await withRunningServices([bridge], logger: TestDatabase.logger) { try await body(bridge) }
            }
            let newer = 100_000
            try await runBridge { bridge in
                try await waitWhileReading(bridge, until: "caught up") { bridge.progress.caughtUp }
                #expect(bridge.progress.messages == 10_500)
                #expect(try await store.notifications(serviceID: service.id).isEmpty, "history is silent")
                // History ends with message 9500 + n for PV n: MAJOR when that is a
                // multiple of 3 (PV 1, 4, 7, ...), OK otherwise.
                try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV1", value: Self.state("MAJOR", seconds: newer))  // no change
                try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV2", value: Self.state("MINOR", seconds: newer))
                try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV3", value: Self.state("MAJOR", seconds: newer))
                try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV6", value: Self.state("MAJOR", seconds: newer, mode: "maintenance"))
                try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV5", value: Self.state("INVALID", seconds: newer))
                await producer.flush()
                // Every message read (each is handled before the next): what is stored now is final.
                try await waitWhileReading(bridge, until: "the news read") { bridge.progress.messages == 10_505 }
            }
            let firstRun = try await store.notifications(serviceID: service.id).map(\.title).sorted()
            #expect(firstRun == ["[INVALID] Vacuum gauge 5", "[MAJOR] Vacuum gauge 3", "[MINOR] Vacuum gauge 2"])

            // A restart re-reads everything; nothing is pushed twice, and news still is.
            try await runBridge { bridge in
                try await waitWhileReading(bridge, until: "caught up again") { bridge.progress.caughtUp }
                try producer.send(topic: "Accelerator", key: "state:/Acc/Vac/PV3", value: Self.state("OK", seconds: newer + 1))
                await producer.flush()
                try await waitWhileReading(bridge, until: "the resolution read") { bridge.progress.messages == 10_506 }
            }
            // The resolution updated its alarm's notification, found by the
            // PV's key though this bridge learned the alarm from history.
            let after = try await store.notifications(serviceID: service.id)
            #expect(after.map(\.title).sorted() == ["Resolved: Vacuum gauge 3", "[INVALID] Vacuum gauge 5", "[MINOR] Vacuum gauge 2"])
            let gauge3 = try #require(after.first { $0.key == "alarm:/Acc/Vac/PV3" })
            #expect(gauge3.alarm == .resolved && gauge3.title == "Resolved: Vacuum gauge 3")
        }
    }

    /// Alarms raised while no bridge runs are news when it starts again
    /// (they lie past the committed offset); and after a crash between
    /// storing a notification and committing its offset, the replayed
    /// message is recognised and not pushed twice. Each step waits until
    /// the bridge has read a known number of messages, never for a while.
    @Test(arguments: Backend.allCases)
    func alarmsWhileTheBridgeIsDownArePushedAndAReplayAfterACrashIsNot(_ backend: Backend) async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Target")
        let brokers = try #require(producer.mockBootstrapServers)
        for pv in 1...2 { try producer.send(topic: "Target", key: "config:/Tgt/PV\(pv)", value: #"{"description":"Target pump \#(pv)"}"#) }
        for pv in 1...2 { try producer.send(topic: "Target", key: "state:/Tgt/PV\(pv)", value: Self.state("OK", seconds: 10)) }
        await producer.flush()
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Target", color: "0000ff", owner: "ops"))
            let settings = KafkaSettings(brokers: brokers, topics: ["Target"], groupID: "herald-downtime", services: [("/Tgt", service.id)])
            /// Runs a bridge until it has read `messages` (history included: every start reads from the beginning).
            @Sendable func runBridge(until messages: Int, _ then: @Sendable () async throws -> Void = {}) async throws {
                let bridge = KafkaAlarmBridge(
                    settings: settings, services: store, publisher: .forTests(store), parking: .forTests(store),
                    logger: TestDatabase.logger
                )
                try await withRunningServices([bridge], logger: TestDatabase.logger) {
                    try await waitWhileReading(bridge, until: "\(messages) messages read") {
                        bridge.progress.caughtUp && bridge.progress.messages >= messages
                    }
                    #expect(bridge.progress.messages == messages)
                    try await then()
                }
            }
            func titles() async throws -> [String] { try await store.notifications(serviceID: service.id).map(\.title) }

            try await runBridge(until: 4)
            #expect(try await titles() == [], "history is silent")
            // The bridge is down: two pumps trip.
            try producer.send(topic: "Target", key: "state:/Tgt/PV1", value: Self.state("MAJOR", seconds: 20))
            try producer.send(topic: "Target", key: "state:/Tgt/PV2", value: Self.state("MAJOR", seconds: 21))
            await producer.flush()
            try await runBridge(until: 6)
            #expect(try await titles() == ["[MAJOR] Target pump 1", "[MAJOR] Target pump 2"], "raised while down, pushed on the return")

            // As if the process had died after storing those two and before committing them.
            let rewind = try KafkaConsumer(brokers: brokers, groupID: "herald-downtime")
            let partition = try #require(try rewind.partitions(topics: ["Target"]).keys.first)
            try rewind.assignFromBeginning([partition])
            try rewind.commit(partition, offset: 4)
            #expect(try rewind.partitions(topics: ["Target"])[partition]?.committed == 4)
            try await runBridge(until: 6) {
                try producer.send(topic: "Target", key: "state:/Tgt/PV1", value: Self.state("OK", seconds: 30))
                await producer.flush()
            }
            try await runBridge(until: 7)
            #expect(try await titles() == ["Resolved: Target pump 1", "[MAJOR] Target pump 2"], "the replay is not pushed again; the resolution updated pump 1's alarm")
        }
    }

    @Test func jsonTopicsAreRenderedWithTheServiceTemplates() async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Events")
        let brokers = try #require(producer.mockBootstrapServers)
        for index in 0..<100 {
            try producer.send(topic: "Events", key: "k\(index)", value: #"{"system":"old\#(index)","state":"down"}"#)
        }
        await producer.flush()
        try await TestDatabase.withStore(.sqlite) { store in
            let service = try await store.createService(ServiceDraft(category: "Events", color: "00ff00", owner: "ops"))
            _ = try await store.setServiceTemplates(
                serviceID: service.id, NotificationTemplates(title: "{{#system}}{{system}} is {{state}}{{/system}}", severity: "{{level}}"), at: Timestamp.now()
            )
            let settings = KafkaSettings(brokers: brokers, topics: [], groupID: "herald-json", services: [], jsonTopics: [("Events", service.id)])
            let bridge = KafkaAlarmBridge(settings: settings, services: store, publisher: .forTests(store), parking: .forTests(store), logger: TestDatabase.logger)
            try await withRunningServices([bridge], logger: TestDatabase.logger) {
                try await waitWhileReading(bridge, until: "caught up") { bridge.progress.caughtUp }
                try producer.send(topic: "Events", key: "n1", value: #"{"system":"Cryo","state":"down","level":"major"}"#)
                try producer.send(topic: "Events", key: "n2", value: #"{"unrelated":true}"#)
                try producer.send(topic: "Events", key: "n3", value: #"{"system":"RF","state":"up"}"#)
                await producer.flush()
                // All three read (each is handled before the next): what is stored now is final.
                try await waitWhileReading(bridge, until: "the three read") { bridge.progress.messages >= 103 }
                #expect(bridge.progress.messages == 103)
            }
            let notifications = try await store.notifications(serviceID: service.id)
            #expect(notifications.map(\.title) == ["Cryo is down", "RF is up"], "history is silent; a message the title template renders empty is skipped")
            #expect(notifications.first?.severity == .major)
        }
    }

    /// Stored templates that no longer parse do not silence a topic, nor are
    /// they skipped quietly: the messages go out with the defaults and the
    /// log names the service.
    @Test func brokenStoredTemplatesFallBackToTheDefaultsAndAreLogged() async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Events")
        let brokers = try #require(producer.mockBootstrapServers)
        let logs = CapturedLogs()
        try await TestDatabase.withFaultyStore(.sqlite) { store in
            let service = try await store.createService(ServiceDraft(category: "Events", color: "00ff00", owner: "ops"))
            _ = try await store.setServiceTemplates(serviceID: service.id, NotificationTemplates(title: "{{#open}}never closed"), at: Timestamp.now())
            let settings = KafkaSettings(brokers: brokers, topics: [], groupID: "herald-broken", services: [], jsonTopics: [("Events", service.id)])
            let bridge = KafkaAlarmBridge(
                settings: settings, services: store, publisher: .forTests(store), parking: .forTests(store), logger: logs.logger
            )
            try await withRunningServices([bridge], logger: TestDatabase.logger) {
                try await eventually("the bridge to catch up", timeout: .seconds(60)) { bridge.progress.caughtUp ? true : nil }
                try producer.send(topic: "Events", key: "n1", value: #"{"title":"Pump tripped"}"#)
                await producer.flush()
                try await eventually("the message", timeout: .seconds(60)) { bridge.progress.messages >= 1 ? true : nil }
            }
            #expect(try await store.notifications(serviceID: service.id).map(\.title) == ["Pump tripped"])
            let line = try #require(logs.all.first { $0.contains("templates do not parse") })
            #expect(line.hasPrefix("error") && line.contains(service.id.uuidString.lowercased()), "\(line)")
        }
    }

    /// A message whose handling keeps failing is parked with its reason and
    /// skipped; one that fails only a few times is retried and published.
    @Test func aMessageThatKeepsFailingIsParkedAndTheBridgeMovesOn() async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Events")
        let brokers = try #require(producer.mockBootstrapServers)
        try await TestDatabase.withFaultyStore(.sqlite) { store in
            let service = try await store.createService(ServiceDraft(category: "Events", color: "00ff00", owner: "ops"))
            let settings = KafkaSettings(brokers: brokers, topics: [], groupID: "herald-parking", services: [], jsonTopics: [("Events", service.id)])
            let bridge = KafkaAlarmBridge(
                settings: settings, services: store, publisher: .forTests(store), parking: .forTests(store, attempts: 3),
                logger: TestDatabase.logger
            )
            try await withRunningServices([bridge], logger: TestDatabase.logger) {
                try await waitWhileReading(bridge, until: "caught up") { bridge.progress.caughtUp }
                store.faults.fail(.publishAlertChanges, times: 3)
                try producer.send(topic: "Events", key: "n1", value: #"{"title":"first"}"#)
                try producer.send(topic: "Events", key: "n2", value: #"{"title":"second"}"#)
                await producer.flush()
                try await waitWhileReading(bridge, until: "the second published") { try await store.notifications(serviceID: service.id).count == 1 }
                store.faults.fail(.publishAlertChanges, times: 2)
                try producer.send(topic: "Events", key: "n3", value: #"{"title":"third"}"#)
                await producer.flush()
                try await waitWhileReading(bridge, until: "the third published") { try await store.notifications(serviceID: service.id).count == 2 }
            }
            #expect(try await store.notifications(serviceID: service.id).map(\.title) == ["second", "third"])
            let parked = try await store.parkedMessages(limit: 10)
            #expect(parked.count == 1)
            #expect(parked.first?.message.reference == "Events/0/0")
            #expect(parked.first?.message.payload == Data(#"{"title":"first"}"#.utf8))
            #expect(parked.first?.message.attempts == 3)
            #expect(parked.first?.message.reason.contains("injected fault") == true)
        }
    }
}

/// Waits until `condition` holds while the bridge reads on, and gives up
/// when it has read nothing for `stall` (or after `cap` in all), saying
/// where it stood: under load a bridge reads 10,500 messages slowly (one
/// run here took over a minute), a stuck one not at all.
func waitWhileReading(
    _ bridge: KafkaAlarmBridge, until what: String, stall: Duration = .seconds(60), cap: Duration = .seconds(600),
    _ condition: @Sendable () async throws -> Bool
) async throws {
    let start = ContinuousClock.now
    var read = bridge.progress.messages
    var lastRead = start
    while try await !condition() {
        if bridge.progress.messages != read {
            read = bridge.progress.messages
            lastRead = .now
        }
        let now = ContinuousClock.now
        guard now - lastRead < stall, now - start < cap else {
            let progress = bridge.progress
            throw TestSetupError(
                "gave up waiting until \(what) after \(now - start), nothing read for \(now - lastRead): "
                    + "\(progress.messages) messages read, \(progress.notifications) notifications, caught up: \(progress.caughtUp)"
            )
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}
