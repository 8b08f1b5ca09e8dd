import NIOHTTP2

/// Why a push got no answer from the provider.
public enum PushTransportError: Error, Equatable, CustomStringConvertible {
    /// The connection failed or closed before the stream was written: the
    /// provider never saw the request, so sending it again is safe.
    case notSent(String)
    /// The provider refused the stream without processing it (GOAWAY above
    /// its id, or REFUSED_STREAM): also safe to send again at once.
    case refused(String)
    /// The connection closed while the request was out: it may have arrived.
    case connectionLost(String)
    case streamReset(HTTP2ErrorCode)
    case timedOut
    /// The server did not agree to HTTP/2 by ALPN (APNs and FCM both do).
    case notHTTP2(negotiated: String?)
    case answerTooLarge

    /// Whether a fresh connection may be tried straight away.
    var neverReachedProvider: Bool {
        switch self {
        case .notSent, .refused: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notSent(let why): "not sent: \(why)"
        case .refused(let why): "refused by the server: \(why)"
        case .connectionLost(let why): "connection lost: \(why)"
        case .streamReset(let code): "stream reset: \(code)"
        case .timedOut: "no answer in time"
        case .notHTTP2(let negotiated): "the server does not speak HTTP/2 (ALPN: \(negotiated ?? "none"))"
        case .answerTooLarge: "answer over 64 KiB"
        }
    }
}
