import Foundation
import HeraldAPI
import HeraldBridges
import HeraldCore
import HeraldIdentity
import HeraldPublishing
import Logging
import NIOCore
import ServiceLifecycle

/// What a process with the `.kafkaBridge` role makes its bridge from.
public struct AlarmBridgeParts: Sendable {
    public let settings: KafkaSettings
    public let services: any ServiceStore
    public let publisher: Publisher
    public let parking: MessageParking
    public let logger: Logger
}

/// Makes the Kafka alarm bridge. The bridge (`HeraldKafka`) links
/// librdkafka and the composition root does not: the `herald` binary
/// passes it in, so the API, the worker and their tests build without it.
public typealias AlarmBridgeMaker = @Sendable (AlarmBridgeParts) -> any Service

/// Makes the sender of Phoebus alarm commands (acknowledgements written
/// back) for the site's Kafka brokers; passed in by the `herald` binary,
/// as the bridge is.
public typealias PhoebusCommandMaker = @Sendable (_ brokers: String) throws -> any PhoebusCommandSender

/// What a command or a test changes about how a process starts; the rest
/// comes from the configuration.
public struct ServerOptions: Sendable {
    /// Called with the password of an `admin` account created because the
    /// database had no admin; nil leaves the database as it is.
    public var announceBootstrapAdmin: (@Sendable (String) -> Void)?
    /// Where every part of the process reads the time.
    public var clock: WallClock
    /// Replaces the local-account check of logins (tests, later LDAP).
    public var passwords: (any PasswordAuthenticator)?
    /// Called once the HTTP server listens (the port, when 0 was asked for).
    public var onServerRunning: @Sendable (any Channel) async -> Void
    /// Whether the process publishes on its own: held and recurring
    /// notifications, and feeds. Tests that drive those themselves turn it off.
    public var runsSchedulers = true
    /// The Kafka alarm bridge, for a process with the `.kafkaBridge` role.
    public var alarmBridge: AlarmBridgeMaker?
    /// Phoebus commands, for services that write acknowledgements back to
    /// the alarm server (only with KAFKA_BROKERS).
    public var phoebusCommands: PhoebusCommandMaker?
    /// Counts every service in and out (tests: which part a shutdown waits for).
    public var runningServices: RunningServices?

    public init(
        announceBootstrapAdmin: (@Sendable (String) -> Void)? = nil, clock: WallClock = .system, passwords: (any PasswordAuthenticator)? = nil,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }, alarmBridge: AlarmBridgeMaker? = nil,
        phoebusCommands: PhoebusCommandMaker? = nil
    ) {
        self.alarmBridge = alarmBridge
        self.phoebusCommands = phoebusCommands
        self.announceBootstrapAdmin = announceBootstrapAdmin
        self.clock = clock
        self.passwords = passwords
        self.onServerRunning = onServerRunning
    }
}
