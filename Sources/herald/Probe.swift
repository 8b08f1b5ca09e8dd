import ArgumentParser
import AsyncHTTPClient
import Foundation
import HeraldCore
import NIOCore
import NIOHTTP1

/// The container's HEALTHCHECK without curl in the image: asks this
/// host's Herald for a probe and exits 0 only on 200.
struct Probe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask the Herald on this host whether it is ready (or live); exit 0 if so, 1 if not.",
        discussion: "Reads HTTP_PORT like `serve`. For a container HEALTHCHECK or a systemd ExecStartPost."
    )

    @Flag(help: "Ask /-/live (the process answers) instead of /-/ready (it can take traffic).") var live = false
    @Option(help: "Port to ask (default HTTP_PORT, else 8000).") var port: Int?

    func run() async throws {
        let (config, _) = try await CommandEnvironment.load()
        let path = live ? "/-/live" : "/-/ready"
        let url = "http://127.0.0.1:\(port ?? config.httpPort)\(path)"
        do {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(4))
            let body = String(buffer: try await response.body.collect(upTo: 64 << 10))
            print("\(path): \(response.status.code) \(body)")
            if response.status != .ok { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            print("\(path): no answer from \(url): \(error)")
            throw ExitCode(1)
        }
    }
}
