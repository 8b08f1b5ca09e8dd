import Logging
import ServiceLifecycle

/// Reads subscribers' filter lists that posts found a second old, so that
/// a post uses the list it has and never waits for that read (an alarm
/// posted every second would otherwise pay it on almost every post: 0.3–20
/// ms on a database busy with a fan-out). See `FilterMatcher`.
public struct FilterRefreshService: Service, CustomStringConvertible {
    let matcher: FilterMatcher
    let logger: Logger

    public var description: String { "filter refresh" }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await matcher.keepFresh(logger: logger) }
    }
}

extension Publisher {
    /// The service keeping this publisher's filter lists fresh; nil when
    /// nobody's filters are evaluated.
    public func filterRefresh(logger: Logger) -> FilterRefreshService? {
        matcher.map { FilterRefreshService(matcher: $0, logger: logger) }
    }
}
