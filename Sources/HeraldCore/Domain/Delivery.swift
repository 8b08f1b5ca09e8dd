/// Where one push of one notification to one device stands.
public enum DeliveryState: String, Sendable, CaseIterable, Codable {
    /// Queued, not tried yet.
    case pending
    /// Accepted by APNs or FCM.
    case sent
    /// Tried, failed for a passing reason, waiting for its next attempt.
    case retrying
    /// Given up: a permanent error, or retries ran out.
    case failed
    /// The provider said the token is dead; the device was removed.
    case dropped
    /// Not sent on purpose (inactive user, expired login, provider not configured).
    case skipped
}
