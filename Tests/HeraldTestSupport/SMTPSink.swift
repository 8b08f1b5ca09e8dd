import Foundation

/// A real SMTP submission server (aiosmtpd, PyPI, in the tests' venv;
/// `scripts/lib/smtp_sink.py`) on loopback for the email tests (issue 42):
/// STARTTLS required before anything, AUTH over TLS with one account. Each
/// accepted message is kept as it came; `parsed` reads one with Python's
/// email package, which is not Herald's.
public final class SMTPSink: Sendable {
    public static let username = "herald"
    public static let password = "mail-password"
    public let port: Int
    public let directory: URL
    let pid: pid_t
    let python: String
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/lib/smtp_sink.py").path

    init(port: Int, directory: URL, pid: pid_t, python: String) {
        self.port = port
        self.directory = directory
        self.pid = pid
        self.python = python
    }

    public var url: String { "smtp://127.0.0.1:\(port)" }
    /// The sink's self-signed certificate, for SMTP_CA_FILE.
    public var certificate: String { directory.appendingPathComponent("cert.pem").path }

    public static func start() async throws -> SMTPSink {
        guard let python = ProcessInfo.processInfo.environment["HERALD_TEST_PYTHON"] else {
            throw TestSetupError("HERALD_TEST_PYTHON is not set: run the tests with scripts/test, which installs aiosmtpd in the tests' venv")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-smtp-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let made = try await runProgram(
            "/usr/bin/openssl",
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key, "-out", cert],
            deadline: .seconds(30)
        )
        guard made.status == 0 else { throw TestSetupError("openssl: \(made.output)") }
        let output = directory.appendingPathComponent("sink.log")
        let input = directory.appendingPathComponent("sink.in")
        try Data().write(to: input)
        let mail = directory.appendingPathComponent("mail")
        try FileManager.default.createDirectory(at: mail, withIntermediateDirectories: true)
        let pid = try spawnProgram(
            python, [script, "--dir", mail.path, "--cert", cert, "--key", key, "--user", username, "--password", password],
            environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }, input: input.path, output: output.path
        )
        let written = try await waitForOutput("\"port\"", in: output, of: pid, python, deadline: .seconds(30))
        guard let line = written.split(separator: "\n").first(where: { $0.contains("\"port\"") }),
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let port = json["port"] as? Int
        else { throw TestSetupError("smtp_sink.py said: \(written)") }
        return SMTPSink(port: port, directory: directory, pid: pid, python: python)
    }

    public func stop() {
        stopProgramInBackground(pid, "smtp_sink.py")
        try? FileManager.default.removeItem(at: directory)
    }

    /// The messages received so far, oldest first (their files).
    public func messages() -> [URL] {
        let mail = directory.appendingPathComponent("mail")
        return ((try? FileManager.default.contentsOfDirectory(atPath: mail.path)) ?? []).filter { $0.hasSuffix(".eml") }.sorted().map { mail.appendingPathComponent($0) }
    }

    /// One message as Python's email package reads it: subject (decoded),
    /// from, to, message_id, content_type, parts by type, defects; and its
    /// envelope (mail_from, rcpt_tos, tls, login).
    public func parsed(_ message: URL) async throws -> (message: [String: Any], envelope: [String: Any]) {
        let run = try await runProgram(python, [Self.script, "--parse", message.path], deadline: .seconds(30))
        guard run.status == 0, let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any] else {
            throw TestSetupError("smtp_sink.py --parse: \(run.output)")
        }
        let envelopeFile = message.deletingPathExtension().appendingPathExtension("envelope.json")
        let envelope = (try? JSONSerialization.jsonObject(with: Data(contentsOf: envelopeFile)) as? [String: Any]) ?? [:]
        return (json, envelope)
    }
}
