import Foundation

/// A loopback TCP port nothing listens on at this moment: bound to port 0,
/// read, and released. For a process the tests start (it binds it again)
/// or for a connection that must be refused.
public func unusedLoopbackPort() throws -> Int {
    let (socket, port) = try boundLoopbackSocket()
    close(socket)
    return port
}

/// A loopback port held bound but never listened on, for as long as `body`
/// runs: a connection to it is refused every time, and no other test can
/// take the port meanwhile (as one may take a released one).
public func withRefusingLoopbackPort<T>(_ body: (Int) async throws -> T) async throws -> T {
    let (socket, port) = try boundLoopbackSocket()
    defer { close(socket) }
    return try await body(port)
}

/// A TCP socket bound to a port of 127.0.0.1 the system chose, and that port.
private func boundLoopbackSocket() throws -> (socket: Int32, port: Int) {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    do {
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(socket, $0, length) == 0, getsockname(socket, $0, &length) == 0 else { throw TestSetupError("no free port") }
            }
        }
    } catch {
        close(socket)
        throw error
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
}
