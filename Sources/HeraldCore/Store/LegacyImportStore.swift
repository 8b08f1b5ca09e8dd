import Foundation

/// Bringing a site's data over from the server Herald replaces (`herald
/// import-ess`): writes that keep the source's identities (service UUIDs)
/// and times, push nothing, and find what an earlier run brought, so an
/// import can run twice. Accounts, subscriptions and devices go through
/// `AccountStore` and `ServiceStore`, whose writes already are idempotent.
public protocol LegacyImportStore: Sendable {
    /// Creates the service under its own id, or sets its fields when it
    /// exists. True when it was created.
    func importService(_ service: ServiceRecord) async throws -> Bool

    /// Stores the notification once under `key`; a later run finds it and
    /// only brings the inbox entries up to the source (missing entries are
    /// added, read state follows the source). True when it was created.
    /// Nothing is queued for delivery: these were pushed long ago.
    func importNotification(key: String, _ notification: ImportedNotification, inbox: [UserID: Bool]) async throws -> Bool
}

public struct ImportedNotification: Sendable, Equatable {
    public var serviceID: UUID
    public var createdAt: Date
    public var title: String
    public var subtitle: String
    public var url: String

    public init(serviceID: UUID, createdAt: Date, title: String, subtitle: String, url: String) {
        self.serviceID = serviceID
        self.createdAt = createdAt
        self.title = title
        self.subtitle = subtitle
        self.url = url
    }
}
