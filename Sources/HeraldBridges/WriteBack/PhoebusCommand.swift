import Foundation
import HeraldCore

/// A command to the Phoebus alarm server, as its UI sends one (Phoebus
/// app/alarm/Readme.md, "Command topic"): on `<config>Command`, the key
/// `command:<path>`, the value `{"user", "host", "command"}`. The alarm
/// server answers by publishing the PV's new state (`MAJOR_ACK`, ...),
/// which the bridge reads like any other.
public struct PhoebusCommand: Sendable, Equatable {
    public var topic: String
    public var key: String
    public var value: String

    /// `acknowledge` (or, with false, `unacknowledge`) for the PV at `path`
    /// (`/Accelerator/Vacuum/PV`: the configuration is the first part),
    /// from `user` at `host`; nil for a path that names no configuration.
    public init?(acknowledge: Bool, path: String, user: String, host: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard path.hasPrefix("/"), parts.count >= 2, let config = parts.first else { return nil }
        topic = String(config) + "Command"
        key = "command:" + path
        let object = ["user": user, "host": host, "command": acknowledge ? "acknowledge" : "unacknowledge"]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        value = String(decoding: data, as: UTF8.self)
    }
}

/// Sends commands to the alarm server's Kafka. Made by the `herald` binary
/// (HeraldKafka links librdkafka; this module does not) and handed to the
/// write-back runner.
public protocol PhoebusCommandSender: Sendable {
    /// Returns once the broker has the message; throws when it refused it
    /// or did not answer in time.
    func send(_ command: PhoebusCommand) async throws
}
