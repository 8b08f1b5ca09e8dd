import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// JSON in and out of request and response bodies.
enum JSONBody {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Python's json leaves slashes alone; so do we, for readable URLs.
        // Sorted keys make answers byte-for-byte stable (Linux dictionaries are not).
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        do {
            let data = try encoder.encode(value)
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        } catch {
            // Only our own response types get here; they always encode.
            return Response(status: .internalServerError, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"{"detail":"Internal Server Error"}"#)))
        }
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
