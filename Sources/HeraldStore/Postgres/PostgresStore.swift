import Foundation
import HeraldCore
import Logging
import PostgresNIO

/// The production store: PostgreSQL through postgres-nio's pooled client,
/// shared by any number of Herald replicas.
public final class PostgresStore: HeraldStore {
    /// The LISTEN/NOTIFY channel on which publishing wakes delivery workers.
    public static let deliveryChannel = "herald_deliveries"

    let client: PostgresClient
    let logger: Logger

    /// The client must be running (`client.run()` in the service group) before
    /// any call; see `StoreFactory`.
    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger)
    }
}
