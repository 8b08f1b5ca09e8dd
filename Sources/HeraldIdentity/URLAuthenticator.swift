import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// `AUTHENTICATION_METHOD=url`, as the server Herald replaces did it: POST
/// `{"username", "password"}` as JSON to `AUTHENTICATION_URL`; a 2xx answer
/// accepts the login. A 4xx refuses it; a 5xx or no answer means the
/// service cannot tell now (503 here, where the old server refused).
public struct URLAuthenticator: PasswordAuthenticator {
    let url: String
    let http: OutboundHTTP
    let timeout: TimeAmount
    let logger: Logger

    public init(url: String, http: OutboundHTTP, timeout: TimeAmount = .seconds(5), logger: Logger) {
        self.url = url
        self.http = http
        self.timeout = timeout
        self.logger = logger
    }

    public func authenticate(username: String, password: String) async throws -> LoginCheck {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(["username": username, "password": password])))
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: timeout)
            // The body is not read: only the status counts.
            _ = try await response.body.collect(upTo: 64 * 1024)
        } catch {
            // Never the request itself: it holds the password.
            logger.warning("the authentication URL did not answer", metadata: ["error": "\(error)"])
            throw AuthenticationUnavailable("the authentication service did not answer")
        }
        switch response.status.code {
        case 200..<300: return .accepted(VerifiedLogin(username: username, origin: .url))
        case 500...: throw AuthenticationUnavailable("the authentication service answered \(response.status.code)")
        default: return .refused
        }
    }
}
