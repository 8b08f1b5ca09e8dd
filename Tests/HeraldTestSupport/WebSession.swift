import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A browser's part in the web app, without the browser: a cookie jar, the
/// CSRF token the last page held, and urlencoded form posts.
public actor WebSession {
    public let client: any TestClientProtocol
    public private(set) var cookies: [String: String] = [:]

    public init(_ app: TestApp) {
        client = app.client
    }

    /// The CSRF token pages carry (and its cookie holds).
    public var csrf: String { cookies["herald_csrf"] ?? "" }

    public func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(.get, uri, body: nil, headers: headers)
    }

    /// Posts `fields` as a form; the CSRF token is added unless `csrf` is false.
    public func post(_ uri: String, _ fields: [(String, String)] = [], csrf: Bool = true, headers: HTTPFields = [:]) async throws -> TestResponse {
        let all = (csrf ? [("csrf", self.csrf)] : []) + fields
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(.post, uri, body: body, headers: headers)
    }

    /// Opens the sign-in page (for its CSRF cookie) and signs in.
    public func signIn(_ name: String, password: String = TestApp.password) async throws -> TestResponse {
        _ = try await get("/login")
        return try await post("/login", [("username", name), ("password", password)])
    }

    public func forget(_ cookie: String) { cookies[cookie] = nil }
    public func set(_ cookie: String, _ value: String) { cookies[cookie] = value }

    private func send(_ method: HTTPRequest.Method, _ uri: String, body: String?, headers: HTTPFields) async throws -> TestResponse {
        var headers = headers
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        for line in response.headers[values: .setCookie] {
            let pair = line.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let expired = line.lowercased().contains("max-age=0")
            cookies[String(pair[0])] = expired ? nil : String(pair[1])
        }
        return response
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
