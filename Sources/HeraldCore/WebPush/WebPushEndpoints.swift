import Foundation

/// Which push services a browser's subscription may point at. A
/// subscription's endpoint is where every notification is POSTed, and a
/// user chooses it: by default only the browsers' own push services are
/// taken (a site adds its own with `WEBPUSH_ALLOWED_HOSTS`), and never an
/// address the outbound policy refuses.
public struct WebPushEndpoints: Sendable, Equatable {
    /// The push services of the browsers in use: Chrome, Opera, Samsung
    /// Internet and other Chromium browsers (Firebase), Firefox (Mozilla's
    /// autopush), Safari (Apple), Edge (Windows Push Notification Services).
    public static let knownServices = [
        "fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com",
    ]

    /// Domains allowed besides the known ones (each with its subdomains).
    public var extraHosts: [String]
    public var outbound: OutboundPolicy

    public init(extraHosts: [String] = [], outbound: OutboundPolicy = OutboundPolicy()) {
        self.extraHosts = extraHosts.map { $0.lowercased().trimmingSuffix(".") }
        self.outbound = outbound
    }

    /// Why a subscription with this endpoint may not be registered; nil
    /// when it may.
    public func refusal(for endpoint: URL) -> String? {
        guard endpoint.scheme?.lowercased() == "https", let host = endpoint.host?.lowercased().trimmingSuffix("."), !host.isEmpty else {
            return "a push endpoint is an https URL"
        }
        guard Self.matches(host, any: Self.knownServices + extraHosts) else {
            return "\(host) is not a known push service (the browsers' own: \(Self.knownServices.joined(separator: ", ")); WEBPUSH_ALLOWED_HOSTS adds others)"
        }
        return outbound.refusal(forHost: host)
    }

    /// Whether `host` is one of `domains` or below one.
    static func matches(_ host: String, any domains: [String]) -> Bool {
        domains.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
