import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A provider's answer as the clients read it.
struct ProviderAnswer {
    var status: Int
    var headers: HTTPHeaders
    var body: Data
}

extension HTTPClient {
    /// POSTs a JSON body with a bearer token to a provider and reads the
    /// (small) answer: the one transport step APNs and FCM share.
    func postJSON(_ url: String, bearer: String, headers extra: [(String, String)] = [], body: Data) async throws -> ProviderAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer \(bearer)")
        request.headers.add(name: "content-type", value: "application/json")
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await execute(request, timeout: .seconds(30))
        let answer = try await response.body.collect(upTo: 64 * 1024)
        return ProviderAnswer(status: Int(response.status.code), headers: response.headers, body: Data(answer.readableBytesView))
    }
}
