import HeraldOutbound

/// Runs `body` with outbound clients and shuts them down whatever happens.
/// AsyncHTTPClient stops the whole process when a client is dropped
/// without its shutdown, so a test that threw (or returned early) before
/// its last line turned one failed expectation into a crash of every test
/// in the run (seen under `scripts/test-under-load`).
public func withShutdown<T>(_ clients: OutboundHTTP..., body: () async throws -> T) async throws -> T {
    let result: T
    do {
        result = try await body()
    } catch {
        for client in clients { try? await client.shutdown() }
        throw error
    }
    for client in clients { try await client.shutdown() }
    return result
}
