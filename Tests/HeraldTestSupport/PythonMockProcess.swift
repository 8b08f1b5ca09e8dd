import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// A provider's mock that is a Python script of `scripts/lib` (stdlib
/// only), run as its own process for one test: started with its
/// arguments, found at the port it prints (`{"port": N}`), asked over
/// HTTP (its `/_mock/…` side as JSON), and stopped. `MockTwilio` and
/// `MockPhoneApps` are such mocks.
struct PythonMockProcess: Sendable {
    let port: Int
    let pid: pid_t
    let output: URL
    let name: String

    var baseURL: String { "http://127.0.0.1:\(port)" }

    static func start(_ script: String, _ arguments: [String]) async throws -> PythonMockProcess {
        let python = ProcessInfo.processInfo.environment["HERALD_TEST_PYTHON"] ?? "/usr/bin/python3"
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/lib/\(script)").path
        let stem = "herald-\(script.replacingOccurrences(of: ".py", with: ""))-\(UUID().uuidString)"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(stem + ".log")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(stem + ".in")
        try Data().write(to: input)
        let pid = try spawnProgram(
            python, [path] + arguments + ["--port", "0"], environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
            input: input.path, output: output.path
        )
        let written = try await waitForOutput("\"port\"", in: output, of: pid, python, deadline: .seconds(30))
        guard let line = written.split(separator: "\n").first(where: { $0.contains("\"port\"") }),
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let port = json["port"] as? Int
        else { throw TestSetupError("\(script) said: \(written)") }
        return PythonMockProcess(port: port, pid: pid, output: output, name: script)
    }

    func stop() {
        stopProgramInBackground(pid, name)
        try? FileManager.default.removeItem(at: output)
    }

    func get(_ path: String) async throws -> Any {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: baseURL + path), timeout: .seconds(10))
        return try JSONSerialization.jsonObject(with: Data(try await response.body.collect(upTo: 1 << 22).readableBytesView))
    }

    func post(_ path: String, _ json: [String: Any]) async throws -> Any {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        return try JSONSerialization.jsonObject(with: Data(try await response.body.collect(upTo: 1 << 22).readableBytesView))
    }
}
