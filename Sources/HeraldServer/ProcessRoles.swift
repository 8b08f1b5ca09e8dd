import HeraldCore

/// What one Herald process runs besides `/-/health` and `/metrics`, which
/// every process serves. `herald serve`, `herald worker` and
/// `herald kafka-bridge` are the same wiring with different roles on.
public struct ProcessRoles: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The JSON API, the docs, and the start-up account work.
    public static let api = ProcessRoles(rawValue: 1 << 0)
    /// The delivery worker: drains the queue to APNs and FCM.
    public static let worker = ProcessRoles(rawValue: 1 << 1)
    /// The EPICS alarm bridge: Kafka topics to notifications.
    public static let kafkaBridge = ProcessRoles(rawValue: 1 << 2)

    /// What `herald serve` runs: the API, and the worker and the bridge
    /// unless they are configured to run elsewhere (DELIVERY_WORKER=off,
    /// KAFKA_BRIDGE=off, no KAFKA_BROKERS).
    public static func serve(_ config: HeraldConfig) -> ProcessRoles {
        var roles: ProcessRoles = .api
        if config.delivery.runsInServer { roles.insert(.worker) }
        if let kafka = config.kafka, kafka.runsInServer { roles.insert(.kafkaBridge) }
        return roles
    }
}
