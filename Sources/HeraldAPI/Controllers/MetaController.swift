import Foundation
import Hummingbird
import NIOCore

/// Health check, the OpenAPI description and the interactive docs page.
struct MetaController {
    func addHealthRoute(to group: RouterGroup<HeraldRequestContext>) {
        group.get("-/health", use: health)
    }

    func addDocsRoutes(to router: Router<HeraldRequestContext>) {
        router.get("api/v2/openapi.yaml", use: openAPI)
        router.get("docs", use: docs)
    }

    @Sendable func health(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "OK")))
    }

    @Sendable func openAPI(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: try BundledResources.openAPI())))
    }

    @Sendable func docs(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: try BundledResources.text("docs.html"))))
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
        for name in ["openapi.yaml", "docs.html"] {
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
