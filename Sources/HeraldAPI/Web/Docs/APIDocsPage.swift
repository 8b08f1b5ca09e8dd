import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `/docs`: the API reference drawn from the bundled `openapi.yaml`, with
/// nothing loaded from elsewhere, and the description itself.
struct APIDocsPage {
    let web: WebSupport
    /// The page's values, worked out once per process and only when first
    /// asked for: the description never changes while running, and drawing
    /// it costs more CPU than building the rest of the application.
    static let reference: Result<TemplateValues, any Error> = Result {
        TemplateValues(try OpenAPIReference(yaml: try BundledResources.openAPI()).values())
    }

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("docs", use: docs)
        router.get("api/v2/openapi.yaml", use: openAPI)
    }

    @Sendable func docs(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let values = try Self.reference.get().values
        let user = try await web.user(request, context: context)
        return try await web.page("docs", title: "API reference", nav: "docs", user: user, request: request, values: values)
    }

    @Sendable func openAPI(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: try BundledResources.openAPI())))
    }
}

/// Template values made once and never changed: safe to share.
struct TemplateValues: @unchecked Sendable {
    let values: [String: Any]
    init(_ values: [String: Any]) { self.values = values }
}
