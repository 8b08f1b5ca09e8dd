/// Where a notification came from: named in logs and as the `source` label
/// of the publishing metrics. A new source adds a name here (or makes its
/// own) and calls the `Publisher`.
public struct PublishSource: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    /// `POST /services/{id}/notifications`.
    public static let api = PublishSource("api")
    /// `POST /services/{id}/webhook`, rendered with the service's templates.
    public static let webhook = PublishSource("webhook")
    public static let alertmanager = PublishSource("alertmanager")
    public static let grafana = PublishSource("grafana")
    /// Phoebus alarm topics and plain JSON topics on Kafka.
    public static let kafka = PublishSource("kafka")
    /// A notification held until its `deliver_at`.
    public static let scheduled = PublishSource("scheduled")
    /// An entry of a feed attached to the service (RSS, Atom, GeoJSON).
    public static let feed = PublishSource("feed")
    /// A page to a team or a rota (`POST /api/v2/teams/{id}/pages`, the on-call page).
    public static let page = PublishSource("page")
    /// What Herald tells people itself (a coming shift's notice).
    public static let herald = PublishSource("herald")
}
