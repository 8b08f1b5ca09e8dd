import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A `herald` (or other) process started by a benchmark, with its output in
/// a log file: killed, stopped and measured as an operator's would be.
final class HeraldProcess: @unchecked Sendable {
    // Process is a class without Sendable; it is only started, signalled
    // and waited on, from one task at a time.
    private let process = Process()
    let log: URL
    let name: String

    /// Starts `binary arguments` with `environment` added to ours; with
    /// `cpus`, pinned to them through taskset (a worker on a core of its own).
    init(_ name: String, binary: String, arguments: [String], environment: [String: String], log: URL, cpus: String? = nil) throws {
        self.name = name
        self.log = log
        if let cpus {
            process.executableURL = URL(fileURLWithPath: try Tools.path("taskset"))
            process.arguments = ["-c", cpus, binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Waits until `url` answers 200 (`/-/ready`), failing if the process ends first.
    func waitUntilAnswering(_ url: String, http: HTTPClient, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard process.isRunning else { throw BenchError("\(name) exited: \(tail())") }
            if let response = try? await http.execute(HTTPClientRequest(url: url), timeout: .seconds(2)), response.status == .ok {
                _ = try? await response.body.collect(upTo: 1 << 16)
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw BenchError("\(name) did not answer \(url) within \(timeout): \(tail())")
    }

    /// SIGKILL, as a crash: nothing of the process runs after it.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM (graceful shutdown), waited for.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The most resident memory the process has had (VmHWM), in MB.
    var peakRSSMegabytes: Int? {
        ProcStatus.kilobytes("VmHWM", pid: process.processIdentifier).map { $0 / 1024 }
    }

    /// CPU time (user + system) the process has used, in seconds.
    var cpuSeconds: Double? { ProcStatus.cpuSeconds(pid: process.processIdentifier) }

    /// The last lines of the process's log, for an error message.
    func tail(_ lines: Int = 20) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}

/// Reads a process's figures from /proc.
enum ProcStatus {
    static func kilobytes(_ field: String, pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("\(field):") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// utime + stime from /proc/PID/stat (fields 14 and 15, after the
    /// command's parenthesis); with the children it has reaped (cutime +
    /// cstime), for a server whose sessions come and go.
    static func cpuSeconds(pid: Int32, withReapedChildren: Bool = false) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ").map { Double($0) ?? 0 }
        guard fields.count > 13 else { return nil }
        let ticks = fields[11] + fields[12] + (withReapedChildren ? fields[13] + fields[14] : 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// External programs a mode needs (wrk, taskset, nghttpd), found on PATH.
enum Tools {
    static func path(_ name: String, package: String? = nil) throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/sbin", "/usr/bin"]
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw BenchError("\(name) is not installed (apt-get install \(package ?? name))")
    }
}
