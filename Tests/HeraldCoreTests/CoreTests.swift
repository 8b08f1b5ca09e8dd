import Foundation
import HeraldCore
import Testing

@Suite("Core values")
struct CoreTests {
    @Test func databaseURLs() throws {
        #expect(try DatabaseLocation(url: "sqlite:///var/lib/herald/db.sqlite") == .sqlite(path: "/var/lib/herald/db.sqlite"))
        #expect(try DatabaseLocation(url: "sqlite://data/herald.sqlite") == .sqlite(path: "data/herald.sqlite"))
        #expect(try DatabaseLocation(url: "sqlite:///./sql_app.db") == .sqlite(path: "./sql_app.db"))
        let pg = try DatabaseLocation(url: "postgresql+psycopg2://notify:p%40ss@db.example.org:6543/notify?sslmode=require")
        #expect(pg == .postgres(.init(host: "db.example.org", port: 6543, username: "notify", password: "p@ss", database: "notify", tls: .require)))
        #expect(try DatabaseLocation(url: "postgres://u@h") == .postgres(.init(host: "h", username: "u", password: nil, database: "u")))
        let named = try DatabaseLocation(url: "postgres://u@h/db?application_name=herald%20api%20a&sslmode=disable")
        #expect(named == .postgres(.init(host: "h", username: "u", password: nil, database: "db", tls: .disable, applicationName: "herald api a")))
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "mysql://u@h/db") }
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "postgres://h/db") }
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "sqlite://") }
    }

    @Test func configurationReadsTheOldServersNames() throws {
        let config = try HeraldConfig(environment: [
            "SQLALCHEMY_DATABASE_URL": "postgresql://notify@localhost/notify",
            "ADMIN_USERS": "Alice, bob",
            "ALLOWED_NETWORKS": "10.0.0.0/8, 2001:db8::/32",
            "ACCESS_TOKEN_EXPIRE_MINUTES": "60",
        ])
        #expect(config.adminUsers == ["alice", "bob"])
        #expect(config.allowedNetworks.count == 2)
        #expect(config.accessTokenExpireMinutes == 60)
        #expect(config.secretKey == nil)
        #expect(config.database == .postgres(.init(host: "localhost", username: "notify", password: nil, database: "notify")))
        #expect(try HeraldConfig(environment: [:]).database == .defaultSQLite)
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["ALLOWED_NETWORKS": "10.0.0.0/33"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["HTTP_PORT": "eighty"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["JWT_ALGORITHM": "ES256"]) }
    }

    @Test func networksMatchByPrefix() throws {
        let v4 = try #require(IPNetwork("192.168.0.0/23"))
        #expect(v4.contains(try #require(IPAddress("192.168.1.255"))))
        #expect(!v4.contains(try #require(IPAddress("192.168.2.0"))))
        #expect(!v4.contains(try #require(IPAddress("::1"))))
        let v6 = try #require(IPNetwork("fd00::/8"))
        #expect(v6.contains(try #require(IPAddress("fd12:3456::1"))))
        #expect(try #require(IPNetwork("0.0.0.0/0")).contains(try #require(IPAddress("8.8.8.8"))))
        #expect(try #require(IPNetwork("::ffff:10.0.0.0/104")).contains(try #require(IPAddress("10.200.0.1"))))
        #expect(try #require(IPNetwork("::ffff:10.0.0.0/104")).contains(try #require(IPAddress("11.0.0.1"))) == false)
        // Shorter than the mapped prefix would have meant every IPv4 address.
        #expect(IPNetwork("::ffff:10.0.0.0/80") == nil && IPNetwork("::ffff:10.0.0.0/0") == nil)
        #expect(try #require(IPNetwork("::ffff:0.0.0.0/96")).prefixLength == 0, "written out in full, all of IPv4 is still allowed")
        #expect(IPNetwork("10.0.0.0/8/1") == nil && IPNetwork("nonsense") == nil && IPAddress("300.1.1.1") == nil)
        #expect(IPAddress("[::1]")?.description == "::1")
    }

    @Test func platformsAreGuessedAsTheOldServerDid() {
        #expect(Platform.guess(fromToken: String(repeating: "aF", count: 32)) == .apns)
        #expect(Platform.guess(fromToken: String(repeating: "a", count: 63)) == .fcm)
        #expect(Platform.guess(fromToken: String(repeating: "g", count: 64)) == .fcm)
        #expect(Platform.guess(fromToken: "dGVzdA:APA91b" + String(repeating: "x", count: 140)) == .fcm)
    }

    @Test func timestampsUseTheOldWireFormat() {
        let date = Date(microsecondsSince1970: 1_714_641_221_123_456)
        #expect(Timestamp.wireString(date) == "2024-05-02T09:13:41.123456")
        #expect(Timestamp.wireString(Date(microsecondsSince1970: 1_714_641_221_000_000)) == "2024-05-02T09:13:41.000000")
        #expect(Timestamp.wireString(Date(microsecondsSince1970: -1)) == "1969-12-31T23:59:59.999999")
        let now = Timestamp.now()
        #expect(Date(microsecondsSince1970: now.microsecondsSince1970) == now)
    }

    @Test func kafkaSettingsNeedTopicsAndAServiceForEachKind() throws {
        let id = UUID()
        let config = try HeraldConfig(environment: [
            "KAFKA_BROKERS": "k1:9092", "KAFKA_TOPICS": "Accelerator, Target", "KAFKA_SERVICES": "/Accelerator=\(id.uuidString)",
            "KAFKA_JSON_TOPICS": "events=\(id.uuidString)", "KAFKA_MIN_SEVERITY": "major",
        ])
        let kafka = try #require(config.kafka)
        #expect(kafka.topics == ["Accelerator", "Target"] && kafka.minimumSeverity == "MAJOR" && kafka.groupID == "herald-alarm-bridge")
        #expect(kafka.jsonTopics.map(\.topic) == ["events"] && kafka.service(for: "/Accelerator/RF") == id)
        #expect(try HeraldConfig(environment: [:]).kafka == nil)
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["KAFKA_BROKERS": "k"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["KAFKA_BROKERS": "k", "KAFKA_TOPICS": "A"]) }
        #expect(throws: ConfigurationError.self) {
            try HeraldConfig(environment: ["KAFKA_BROKERS": "k", "KAFKA_TOPICS": "A", "KAFKA_SERVICES": "/A=\(id.uuidString)", "KAFKA_MIN_SEVERITY": "LOUD"])
        }
    }

    @Test func pushSettingsAndAShortRenewedClaim() throws {
        let delivery = try HeraldConfig(environment: ["PUSH_CONNECTIONS": "4", "PUSH_TIMEOUT_SECONDS": "10", "PUSH_IDLE_PING_SECONDS": "30"]).delivery
        #expect(delivery.connectionsPerProvider == 4 && delivery.pushTimeoutSeconds == 10 && delivery.idlePingSeconds == 30)
        // Short by default: a dead worker's claims return within seconds; the heartbeat keeps a live one's.
        #expect(delivery.leaseSeconds == 5 && delivery.heartbeatSeconds == 1.25)
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["DELIVERY_LEASE_SECONDS": "1"]) }
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["PUSH_CONNECTIONS": "0"]) }
        // Shorter than a push may take: the heartbeat covers the wait.
        #expect(try HeraldConfig(environment: ["DELIVERY_LEASE_SECONDS": "8", "PUSH_TIMEOUT_SECONDS": "20"]).delivery.leaseSeconds == 8)
    }
}
