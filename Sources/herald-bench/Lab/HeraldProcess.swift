import AsyncHTTPClient
import Foundation
import HeraldTestSupport
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A `herald` (or other) process started by a benchmark, with its output in
/// a log file: killed, stopped and measured as an operator's would be.
/// Started and reaped as the tests' programs are (`spawnProgram`): none of
/// this process's descriptors and no blocked signal go with it.
final class HeraldProcess: Sendable {
    let pid: pid_t
    let log: URL
    let name: String
    private let path: String
    /// The exit status, once the process has ended and been reaped.
    private let ended = NIOLockedValueBox<Int32?>(nil)

    /// Starts `binary arguments` with `environment` added to ours; with
    /// `cpus`, pinned to them through taskset (a worker on a core of its
    /// own); with `cgroup`, in that CPU control group from its first
    /// instruction (a shell joins it, then becomes the program).
    init(
        _ name: String, binary: String, arguments: [String], environment: [String: String], log: URL, cpus: String? = nil, cgroup: CPUGroup? = nil
    ) throws {
        self.name = name
        self.log = log
        var command = [binary] + arguments
        if let cpus { command = [try Tools.path("taskset"), "-c", cpus] + command }
        if let cgroup {
            command = ["/bin/sh", "-c", #"echo $$ > "$0" && exec "$@""#, cgroup.procs] + command
        }
        path = command[0]
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }.map { "\($0.key)=\($0.value)" }
        pid = try spawnProgram(path, Array(command.dropFirst()), environment: variables, input: "/dev/null", output: log.path)
    }

    var isRunning: Bool {
        ended.withLockedValue { ended in
            if ended == nil { ended = (try? endedProgramStatus(pid, path)) ?? nil }
            return ended == nil
        }
    }

    /// Waits until `url` answers 200 (`/-/ready`), failing if the process ends first.
    func waitUntilAnswering(_ url: String, http: HTTPClient, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard isRunning else { throw BenchError("\(name) exited: \(tail())") }
            if let response = try? await http.execute(HTTPClientRequest(url: url), timeout: .seconds(2)), response.status == .ok {
                _ = try? await response.body.collect(upTo: 1 << 16)
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw BenchError("\(name) did not answer \(url) within \(timeout): \(tail())")
    }

    /// Whether it ended because its port was taken (its log says so).
    var couldNotBind: Bool {
        !isRunning && ((try? String(contentsOf: log, encoding: .utf8))?.contains("Address already in use") ?? false)
    }

    /// SIGSTOP: it holds still (its connections open, its claims its own)
    /// until `resume`.
    func pause() {
        Foundation.kill(pid, SIGSTOP)
    }

    /// SIGCONT, after `pause`.
    func resume() {
        Foundation.kill(pid, SIGCONT)
    }

    /// SIGKILL, as a crash: nothing of the process runs after it.
    func kill() {
        guard isRunning else { return }
        Foundation.kill(pid, SIGKILL)
        ended.withLockedValue { $0 = (try? waitForProgram(pid, path)) ?? 128 + SIGKILL }
    }

    /// SIGTERM (graceful shutdown), waited for; SIGKILL after `grace`.
    func stop(grace: Duration = .seconds(30)) {
        guard isRunning else { return }
        Foundation.kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        kill()
    }

    /// The process's resident memory now (VmRSS), in MB.
    var rssMegabytes: Double? {
        ProcStatus.kilobytes("VmRSS", pid: pid).map { Double($0) / 1024 }
    }

    /// The most resident memory the process has had (VmHWM), in MB.
    var peakRSSMegabytes: Int? {
        ProcStatus.kilobytes("VmHWM", pid: pid).map { $0 / 1024 }
    }

    /// CPU time (user + system) the process has used, in seconds.
    var cpuSeconds: Double? { ProcStatus.cpuSeconds(pid: pid) }

    /// The last lines of the process's log, for an error message.
    func tail(_ lines: Int = 20) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}

/// A CPU control group (cgroup v1 `cpu` controller) that lets its processes
/// use `share` of one core: a smaller core, for showing how workers add up
/// when each has a core's worth of its own on a machine too small for that.
struct CPUGroup {
    let directory: URL
    var procs: String { directory.appendingPathComponent("cgroup.procs").path }

    init(name: String, share: Double) throws {
        directory = URL(fileURLWithPath: "/sys/fs/cgroup/cpu/\(name)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "100000".write(to: directory.appendingPathComponent("cpu.cfs_period_us"), atomically: false, encoding: .utf8)
            try "\(Int(share * 100_000))".write(to: directory.appendingPathComponent("cpu.cfs_quota_us"), atomically: false, encoding: .utf8)
        } catch {
            throw BenchError("cannot make the CPU group \(directory.path) (needs root and cgroup v1's cpu controller): \(error)")
        }
    }

    /// Removes the group once its processes have ended.
    func remove() { try? FileManager.default.removeItem(at: directory) }
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
        guard let fields = statFields(pid: pid)?.map({ Double($0) ?? 0 }), fields.count > 14 else { return nil }
        let ticks = fields[11] + fields[12] + (withReapedChildren ? fields[13] + fields[14] : 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

extension ProcStatus {
    /// /proc/PID/stat's fields after the command's parenthesis (which may
    /// hold spaces): the state first, then the parent's pid (field 4), ...
    static func statFields(pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
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
