import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Slow clients")
struct SlowClientTests {
    /// A client that sends half a request head and then nothing (slowloris)
    /// is cut off after the idle timeout instead of holding a socket forever.
    static let keptOpen = "kept it open for 60 s"

    @Test func aHalfSentRequestHeadIsCutOff() async throws {
        try await TestApp.run(.sqlite, framework: .live, configure: { $0.limits.httpIdleTimeoutSeconds = 1 }) { app in
            let port = try #require(app.client.port)
            let started = ContinuousClock.now
            let outcome = try await onThreadOfItsOwn { try Self.sendHalfAHeadAndWait(port: port) }
            let waited = ContinuousClock.now - started
            #expect(outcome == "closed", "the server \(outcome) instead of closing the connection")
            print("the half-sent head was cut off after \(waited) (idle timeout 1 s)")
            // The server still answers everyone else (on a new connection: the
            // test client's own idle one was closed by the same timeout).
            let answer = try await onThreadOfItsOwn { try Self.exchange(port: port, Array("GET /-/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)) }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        }
    }

    /// Connects, writes an unfinished request head, and reads until the
    /// server closes the connection ("closed") or 60 s pass (`keptOpen`).
    static func sendHalfAHeadAndWait(port: Int) throws -> String {
        let text = try exchange(port: port, Array("GET /-/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8))
        return text == Self.keptOpen ? text : "closed"
    }

    /// Sends `bytes` on a new connection and reads until the server closes
    /// it; what it sent, or `keptOpen`.
    static func exchange(port: Int, _ bytes: [UInt8]) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        // Far beyond the 1-s idle timeout under any load: a server that has
        // not closed by then never will.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 512)
        var received: [UInt8] = []
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return String(decoding: received, as: UTF8.self) }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? Self.keptOpen : String(decoding: received, as: UTF8.self) }
            received += buffer.prefix(count)
        }
    }
}
