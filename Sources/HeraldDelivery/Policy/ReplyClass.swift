import Foundation

/// What a provider's answer to one push means for Herald, independent of
/// the provider: the outcome policy turns it into a recorded outcome.
public enum ReplyClass: Sendable, Equatable {
    /// Accepted by the provider.
    case sent
    /// The token is dead (unregistered, malformed, for another app): stop
    /// using it. `invalidSince`: when the provider says it died (APNs' 410
    /// timestamp); a device registered again since then is kept.
    case dropToken(reason: String, invalidSince: Date? = nil)
    /// A passing problem (throttling, provider outage, network): try again
    /// after at least `minimumDelay` (a Retry-After, or FCM's one minute on 429).
    case retry(reason: String, minimumDelay: TimeInterval)
    /// Our credentials were refused; the client has renewed them where that
    /// helps, and the push is tried again soon.
    case credentials(reason: String)
    /// The provider will never accept this push as it is.
    case fail(reason: String)
    /// Not handed to the provider after all (a contact message whose alarm
    /// was taken between the claim and the send): kept for the inbox.
    case withheld(reason: String)

    /// When a dead token died, when the provider says.
    public var invalidSince: Date? {
        if case .dropToken(_, let since) = self { return since }
        return nil
    }
}
