import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore
import Synchronization

/// `/docs`: the API reference drawn from the bundled `openapi.yaml`, with
/// nothing loaded from elsewhere, and the description itself.
struct APIDocsPage {
    let web: WebSupport
    /// The page's values, worked out once per process and only when first
    /// asked for: the description never changes while running, and drawing
    /// it costs more CPU than building the rest of the application.
    static let reference: Result<APIReferencePage, any Error> = Result {
        try OpenAPIReference(yaml: try BundledResources.openAPI()).page()
    }

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("docs", use: docs)
        router.get("api/v2/openapi.yaml", use: openAPI)
    }

    @Sendable func docs(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.user(request, context: context)
        return try await web.page("docs", title: "API reference", nav: "docs", user: user, request: request, model: DocsPage(reference: try reference()))
    }

    /// The reference drawn as HTML, once per process: it is the same for
    /// everyone (only the layout around it differs).
    private func reference() throws -> String {
        if let html = Self.drawn.withLock({ $0 }) { return html }
        guard let html = web.assets.library.render(try Self.reference.get(), withTemplate: "docs-reference") else {
            throw WebAssetsError(reason: "no template docs-reference")
        }
        Self.drawn.withLock { $0 = html }
        return html
    }

    private static let drawn = Mutex<String?>(nil)

    @Sendable func openAPI(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: try BundledResources.openAPI())))
    }
}

/// The docs page: the reference, drawn once (`docs-reference.mustache`).
struct DocsPage: PageModel {
    /// Server-made HTML from the bundled `openapi.yaml`.
    var reference: String
}

/// The API reference as `docs-reference.mustache` shows it
/// (`OpenAPIReference.page`), made once per process.
struct APIReferencePage: PageValues {
    struct Parameter: PageValues {
        var name, `in`: String
        var required: Bool
        var schema, description: String
    }

    /// A request body of one media type.
    struct Body: PageValues {
        var type, schema: String
    }

    struct Answer: PageValues {
        var code, description: String
        var schema: String?
        var type: String
        var ok: Bool
    }

    struct Operation: PageValues {
        var method, methodClass, path, anchor, summary, description, access, also: String
        var hasAliases: Bool
        var parameters: [Parameter]
        var hasParameters: Bool
        var body: [Body]
        var hasBody: Bool
        var responses: [Answer]
        var curl: String
    }

    struct Group: PageValues {
        var name, anchor: String
        var operations: [Operation]
    }

    struct Property: PageValues {
        var name: String
        var required: Bool
        var schema, description: String
    }

    struct Schema: PageValues {
        var name, anchor, description: String
        /// Its type, when it has no properties to list.
        var type: String?
        var hasProperties: Bool
        var properties: [Property]
    }

    var apiTitle, apiVersion, summary, intro: String
    var groups: [Group]
    var schemas: [Schema]
}
