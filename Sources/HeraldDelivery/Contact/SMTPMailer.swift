import CCurl
import Foundation
import HeraldCore
import NIOPosix

/// Email over SMTP through libcurl (issue 42), not hand-written SMTP:
/// `smtp://host:587` with STARTTLS required before anything is said (curl's
/// CURLUSESSL_ALL: no TLS, no mail), or `smtps://host:465`; AUTH with the
/// site's account, which curl offers only over TLS. curl is blocking, so
/// each message goes on a thread pool of its own: on NIO's shared one a
/// slow mail server held the threads SQLite's queries wait for.
public struct SMTPMailer: Sendable {
    let settings: SMTPSettings

    public init(settings: SMTPSettings) {
        self.settings = settings
    }

    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// The mail's own threads (four messages at once; the rest wait their turn).
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 4)
        pool.start()
        return pool
    }()

    /// Sends one message to one recipient.
    public func send(_ message: EmailMessage, to recipient: String) async -> GatewayAnswer {
        let data = message.rendered()
        let settings = self.settings
        do {
            return try await Self.pool.runIfActive { Self.perform(data, to: recipient, settings: settings) }
        } catch {
            return .retry(reason: "the mail thread pool is stopping", after: 5)
        }
    }

    /// What curl's outcome means. The SMTP server's own answers: 4xx is
    /// "not now" (sent again later), 5xx "never". A connection that failed
    /// before the message went out is surely not taken; one lost while the
    /// message or its answer was on the way may have been.
    static func answer(_ code: CURLcode, response: Int, detail: String) -> GatewayAnswer {
        switch code {
        case CURLE_OK:
            return .accepted
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION:
            return .retry(reason: "cannot reach the mail server: \(detail)", after: 30)
        case CURLE_LOGIN_DENIED:
            return .retry(reason: "the mail server refused SMTP_USERNAME/SMTP_PASSWORD: \(detail)", after: 60)
        case CURLE_USE_SSL_FAILED:
            return .retry(reason: "the mail server offers no STARTTLS, and nothing is sent without it: \(detail)", after: 60)
        default:
            if (400..<500).contains(response) { return .retry(reason: "the mail server said \(response): \(detail)", after: 60) }
            if (500..<600).contains(response) { return .refused(reason: "the mail server said \(response): \(detail)") }
            return .uncertain(reason: "no answer from the mail server: \(detail)")
        }
    }

    private final class Upload {
        let data: Data
        var offset = 0
        init(_ data: Data) { self.data = data }
    }

    private static func perform(_ data: Data, to recipient: String, settings: SMTPSettings) -> GatewayAnswer {
        guard initialized, let handle = curl_easy_init() else { return .retry(reason: "libcurl could not start", after: 30) }
        defer { curl_easy_cleanup(handle) }
        let upload = Upload(data)
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var recipients: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
            _ = herald_curl_set_string(handle, CURLOPT_URL, settings.url)
            _ = herald_curl_set_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
            _ = herald_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = herald_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps")
            if let username = settings.username { _ = herald_curl_set_string(handle, CURLOPT_USERNAME, username) }
            if let password = settings.password { _ = herald_curl_set_string(handle, CURLOPT_PASSWORD, password) }
            if let caFile = settings.caFile { _ = herald_curl_set_string(handle, CURLOPT_CAINFO, caFile) }
            _ = herald_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(settings.from)>")
            _ = herald_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients)
            _ = herald_curl_set_long(handle, CURLOPT_UPLOAD, 1)
            _ = herald_curl_set_long(handle, CURLOPT_TIMEOUT, settings.timeoutSeconds)
            _ = herald_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, min(settings.timeoutSeconds, 10))
            _ = herald_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            _ = herald_curl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque())
            _ = herald_curl_set_read_function(handle) { destination, size, count, context in
                guard let destination, let context else { return 0 }
                let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
                let room = size * count
                let left = upload.data.count - upload.offset
                let length = min(room, left)
                guard length > 0 else { return 0 }
                upload.data.withUnsafeBytes { bytes in
                    _ = memcpy(destination, bytes.baseAddress!.advanced(by: upload.offset), length)
                }
                upload.offset += length
                return length
            }
            return withExtendedLifetime(upload) { curl_easy_perform(handle) }
        }
        let detail = String(cString: errorBuffer).isEmpty ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
        return answer(code, response: herald_curl_response_code(handle), detail: detail)
    }
}
