import Foundation

/// A real Gammu SMS daemon (Debian's `gammu-smsd`) on its fake phone and
/// files backend, started by `scripts/lib/gammu.sh` in a directory of its
/// own (issue 42): what Herald writes to `outbox/` leaves "the modem" and
/// is recorded in `transmitted/`; `receive` makes the phone get a text,
/// which SMSD files in `inbox/` for Herald to read. `scripts/test`
/// installs it and sets `HERALD_TEST_GAMMU`; a test that needs it fails
/// without it, never skips.
public struct GammuSMSD: Sendable {
    public let directory: URL
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/lib/gammu.sh").path

    public var spool: String { directory.path }

    public static func start() async throws -> GammuSMSD {
        guard ProcessInfo.processInfo.environment["HERALD_TEST_GAMMU"] != nil else {
            throw TestSetupError("HERALD_TEST_GAMMU is not set: run the tests with scripts/test, which installs Gammu SMSD")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-gammu-\(UUID().uuidString.prefix(8))")
        let run = try await runProgram("/bin/bash", ["-c", "source \"$0\" && start_gammu \"$1\"", script, directory.path], deadline: .seconds(60))
        guard run.status == 0 else { throw TestSetupError("start_gammu failed: \(run.output)") }
        return GammuSMSD(directory: directory)
    }

    public func stop() async {
        _ = try? await runProgram("/bin/bash", ["-c", "source \"$0\" && stop_gammu \"$1\"", Self.script, directory.path], deadline: .seconds(30))
        try? FileManager.default.removeItem(at: directory)
    }

    /// The phone receives `text` from `number`; SMSD files it in the inbox within about a second.
    public func receive(from number: String, _ text: String) async throws {
        let run = try await runProgram(
            "/bin/bash", ["-c", "source \"$0\" && gammu_receive \"$1\" \"$2\" \"$3\"", Self.script, directory.path, number, text], deadline: .seconds(30)
        )
        guard run.status == 0 else { throw TestSetupError("gammu_receive failed: \(run.output)") }
    }

    /// Every text the phone sent: its number and whole text, in name order.
    public func transmitted() -> [(number: String, text: String)] {
        let folder = directory.appendingPathComponent("transmitted")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasSuffix(".tmp") }.sorted()
        return names.compactMap { name in
            guard let contents = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                let newline = contents.firstIndex(of: "\n")
            else { return nil }
            return (String(contents[..<newline]), String(contents[contents.index(after: newline)...]))
        }
    }

    /// Files still in the inbox (Herald removes those it handled).
    public func inbox() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("inbox").path)) ?? []).sorted()
    }

    /// The daemon's log, for a failing test's message.
    public var logTail: String {
        String(((try? String(contentsOf: directory.appendingPathComponent("smsd.log"), encoding: .utf8)) ?? "").suffix(3000))
    }
}
