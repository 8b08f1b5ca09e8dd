import Foundation

/// Runs a program to its end on a thread of its own (`onThreadOfItsOwn`)
/// and returns its exit status and what it wrote (stdout and stderr, kept
/// in a file: a pipe would hang on a daemon that inherits it).
///
/// posix_spawn and waitpid, not Foundation's Process: its waitUntilExit
/// was seen here never to return for a child that had exited (a zombie
/// left unreaped).
/// `environment` is added to this process's own (a value replaces it);
/// `input`, when given, is the program's standard input.
public func runProgram(
    _ path: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
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
    let status = try await onThreadOfItsOwn { try spawnAndWait(path, arguments, environment: variables, input: stdin.path, output: log.path) }
    return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
}

private func spawnAndWait(_ path: String, _ arguments: [String], environment: [String], input: String, output: String) throws -> Int32 {
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
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard spawned == 0 else { throw TestSetupError("cannot start \(path): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else { throw TestSetupError("waitpid \(path): \(String(cString: strerror(errno)))") }
    }
    // WIFEXITED/WEXITSTATUS are macros Swift does not import.
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34+), which the Glibc
/// module does not import (it sits behind _GNU_SOURCE).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
