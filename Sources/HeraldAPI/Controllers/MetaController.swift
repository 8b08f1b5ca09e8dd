import Foundation
import Hummingbird
import NIOCore

/// The health check. (The description and its reference page are the web
/// app's `APIDocsPage`.)
struct MetaController {
    func addHealthRoute(to group: RouterGroup<HeraldRequestContext>) {
        group.get("-/health", use: health)
    }

    @Sendable func health(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "OK")))
    }
}

/// Files shipped inside the HeraldAPI bundle, read once.
enum BundledResources {
    private static let cache = ResourceCache()

    static func openAPI() throws -> String { try text("openapi.yaml") }

    static func text(_ name: String) throws -> String {
        try cache.text(name)
    }
}

private final class ResourceCache: Sendable {
    private let texts: [String: String]

    init() {
        var texts: [String: String] = [:]
        for name in ["openapi.yaml"] {
            if let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil),
               let text = try? String(contentsOf: url, encoding: .utf8) {
                texts[name] = text
            }
        }
        self.texts = texts
    }

    func text(_ name: String) throws -> String {
        guard let text = texts[name] else { throw APIError(.notFound, "\(name) is not bundled with this build") }
        return text
    }
}
