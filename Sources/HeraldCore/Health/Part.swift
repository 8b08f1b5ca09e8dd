/// A long-running part of a process that `/-/ready` reports on, by the name
/// the report shows. The parts are named here, once, so the part that
/// reports and the probe that reads cannot disagree on a spelling.
public struct Part: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    /// The delivery worker (required where it runs).
    public static let worker = Part("worker")
    /// The Kafka alarm bridge (reported, optional).
    public static let kafkaBridge = Part("kafka-bridge")
    /// Dropping tokens on the providers' word (paused while their answers look wrong).
    public static let tokenPruning = Part("token-pruning")

    /// The worker's connection to a push provider.
    public static func connection(_ platform: Platform) -> Part {
        Part("\(platform.rawValue) connection")
    }
}
