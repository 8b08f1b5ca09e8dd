import Foundation

/// The path of one of the package's executables (`herald`, `herald-bench`),
/// built beside the test bundle (`swift test` builds every product).
public func builtProduct(_ name: String) throws -> String {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else { throw TestSetupError("no \(name) binary at \(path): build it first") }
    return path
}

/// Runs a program to its end and returns its exit status and what it wrote
/// (stdout and stderr, kept in a file: a pipe would hang on a daemon that
/// inherits it). A program still running after `deadline` is killed and
/// the test fails with what it wrote so far: a regression that hangs a
/// command is one failed test, not a run that never ends.
///
/// posix_spawn and waitpid, not Foundation's Process: its waitUntilExit
/// was seen here never to return for a child that had exited (a zombie
/// left unreaped).
/// `environment` is added to this process's own (a value replaces it);
/// `input`, when given, is the program's standard input.
public func runProgram(
    _ path: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil, deadline: Duration = .seconds(120)
) async throws -> (status: Int32, output: String) {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("herald-run-\(UUID().uuidString)")
    let log = base.appendingPathExtension("log")
    let stdin = base.appendingPathExtension("in")
    defer {
        try? FileManager.default.removeItem(at: log)
        try? FileManager.default.removeItem(at: stdin)
    }
    try Data((input ?? "").utf8).write(to: stdin)
    let variables = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }.map { "\($0.key)=\($0.value)" }
    let pid = try spawnProgram(path, arguments, environment: variables, input: stdin.path, output: log.path)
    let output = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    let start = ContinuousClock.now
    while true {
        if let status = try endedProgramStatus(pid, path) { return (status, output()) }
        if ContinuousClock.now - start > deadline {
            kill(pid, SIGKILL)
            _ = try? waitForProgram(pid, path)
            let command = ([URL(fileURLWithPath: path).lastPathComponent] + arguments).joined(separator: " ")
            throw TestSetupError("\(command) did not end within \(deadline); killed. It wrote:\n\(output().suffix(4000))")
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// Waits until `output` (a spawned program's log file) holds `text`, or
/// throws after `deadline` with what it holds; the program must still be
/// running (an early exit is reported with its status and output).
public func waitForOutput(_ text: String, in output: URL, of pid: pid_t, _ path: String, deadline: Duration = .seconds(60)) async throws -> String {
    let start = ContinuousClock.now
    while true {
        let written = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        if written.contains(text) { return written }
        if let status = try endedProgramStatus(pid, path) {
            throw TestSetupError("\(path) ended (status \(status)) before writing \"\(text)\". It wrote:\n\(written.suffix(4000))")
        }
        if ContinuousClock.now - start > deadline {
            throw TestSetupError("\(path) did not write \"\(text)\" within \(deadline). It wrote:\n\(written.suffix(4000))")
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Starts a program with `input` as its standard input and `output` (made or
/// emptied) as its standard output and error; `environment` is the whole of
/// it (`NAME=value`). Returns its pid, for `waitForProgram` or a signal.
///
/// The child starts with no signal blocked: it would otherwise inherit the
/// mask of the thread that spawned it (NIO's threads block most signals),
/// and a program that does not set its own (nghttpd) would never see SIGTERM.
public func spawnProgram(_ path: String, _ arguments: [String], environment: [String], input: String, output: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else of ours goes to the child: a daemon it starts (pg_ctl's
    // postgres) would keep every socket open at that moment alive, so other
    // tests' connections would never see their peer close, and listening
    // ports would stay bound.
    guard closeFrom(&actions, 3) == 0 else { throw TestSetupError("posix_spawn_file_actions_addclosefrom_np failed") }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var nothingBlocked = sigset_t()
    sigemptyset(&nothingBlocked)
    posix_spawnattr_setsigmask(&attributes, &nothingBlocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw TestSetupError("cannot start \(path): \(String(cString: strerror(spawned)))") }
    return pid
}

/// Ends a spawned program without blocking the caller (a `defer` in an
/// async test runs on one of the few cooperative threads, which a blocking
/// wait would take from every other test): SIGTERM now, then it is reaped in
/// the background, and killed if it is still there after 10 s.
public func stopProgramInBackground(_ pid: pid_t, _ path: String) {
    kill(pid, SIGTERM)
    Task.detached {
        let deadline = ContinuousClock.now + .seconds(10)
        while (try? endedProgramStatus(pid, path)) == nil {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
            }
            try? await Task.sleep(for: .milliseconds(50))
            if ContinuousClock.now > deadline + .seconds(5) { return }
        }
    }
}

/// Waits for a spawned program to end (blocking the thread); returns its
/// exit status, or 128 + the signal that ended it.
public func waitForProgram(_ pid: pid_t, _ path: String) throws -> Int32 {
    // A blocking waitpid returns only when the program has ended.
    try reap(pid, path, options: 0)!
}

/// A spawned program's exit status if it has ended (and is now reaped), nil
/// while it runs.
public func endedProgramStatus(_ pid: pid_t, _ path: String) throws -> Int32? {
    try reap(pid, path, options: WNOHANG)
}

private func reap(_ pid: pid_t, _ path: String, options: Int32) throws -> Int32? {
    var status: Int32 = 0
    while true {
        let waited = waitpid(pid, &status, options)
        if waited == pid { break }
        if waited == 0 { return nil }
        guard errno == EINTR else { throw TestSetupError("waitpid \(path): \(String(cString: strerror(errno)))") }
    }
    // WIFEXITED/WEXITSTATUS are macros Swift does not import.
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34+), which the Glibc
/// module does not import (it sits behind _GNU_SOURCE).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
