import ArgumentParser
import Foundation
import HeraldMocks
import Logging
import ServiceLifecycle
import UnixSignals

/// Runs the mock APNs and FCM servers as a process, for experiments that
/// restart Herald around them (scripts/crash-test).
struct MockProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mocks",
        abstract: "Run mock APNs and FCM servers on loopback (for tests and experiments).",
        discussion: "Writes an environment file pointing Herald at them, prints its path, and runs until interrupted."
    )

    @Option(help: "Where to write the environment file.") var envFile = "mocks.env"

    func run() async throws {
        try await MockProviders.run { mocks in
            let directory = URL(fileURLWithPath: envFile).deletingLastPathComponent()
            let ca = directory.appendingPathComponent("mocks-ca.pem")
            let account = directory.appendingPathComponent("mocks-service-account.json")
            try mocks.certificates.caPEM.write(to: ca, atomically: true, encoding: .utf8)
            try mocks.fcm.serviceAccountJSON(baseURL: mocks.fcmURL).write(to: account)
            let key = directory.appendingPathComponent("mocks-apns-key.p8")
            try mocks.apns.signingKeyPEM.write(to: key, atomically: true, encoding: .utf8)
            let lines = [
                "APNS_URL=\(mocks.apnsURL)", "APNS_KEY_ID=\(mocks.apns.keyID)", "TEAM_ID=\(mocks.apns.teamID)",
                "APNS_AUTH_KEY_FILE=\(key.path)", "FCM_URL=\(mocks.fcmURL)", "GOOGLE_APPLICATION_CREDENTIALS=\(account.path)",
                "FIREBASE_PROJECT_ID=\(mocks.fcm.projectID)", "CA_BUNDLE_FILE=\(ca.path)",
            ]
            try (lines.joined(separator: "\n") + "\n").write(toFile: envFile, atomically: true, encoding: .utf8)
            print(envFile)
            fflush(nil)
            // Until SIGINT/SIGTERM.
            let group = ServiceGroup(
                configuration: .init(services: [UntilShutdown()], gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "herald-mocks"))
            )
            try await group.run()
        }
    }
}

/// Does nothing until the group shuts down.
struct UntilShutdown: Service {
    func run() async throws {
        try? await gracefulShutdown()
    }
}
