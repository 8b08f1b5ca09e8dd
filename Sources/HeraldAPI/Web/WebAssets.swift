import Crypto
import Foundation
import HeraldCore
import Mustache
import NIOCore

/// The web app's templates and static files, read from the bundle once.
struct WebAssets: Sendable {
    let library: MustacheLibrary
    let statics: [String: (body: ByteBuffer, contentType: String)]
    /// Changes when any static file does: appended to their URLs, so they
    /// can be cached for long.
    let version: String

    static let shared: Result<WebAssets, WebAssetsError> = Result { try WebAssets.load() }.mapError { WebAssetsError(reason: "\($0)") }

    static func load() throws -> WebAssets {
        guard let web = Bundle.module.url(forResource: "Resources/web", withExtension: nil),
              let staticFolder = Bundle.module.url(forResource: "Resources/static", withExtension: nil)
        else { throw WebAssetsError(reason: "the web templates are not in the bundle") }
        var templates: [String: MustacheTemplate] = [:]
        MustacheContentTypes.register(ScalarHTML(), named: ScalarHTML.name)
        for file in try FileManager.default.contentsOfDirectory(at: web, includingPropertiesForKeys: nil) where file.pathExtension == "mustache" {
            // Every template (and so every partial and block it renders) escapes as `ScalarHTML` does.
            let text = "{{% CONTENT_TYPE: \(ScalarHTML.name)}}" + (try String(contentsOf: file, encoding: .utf8))
            templates[file.deletingPathExtension().lastPathComponent] = try MustacheTemplate(string: text)
        }
        var statics: [String: (ByteBuffer, String)] = [:]
        var digest = SHA256()
        let types = [
            "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
            "webmanifest": "application/manifest+json",
        ]
        for file in try FileManager.default.contentsOfDirectory(at: staticFolder, includingPropertiesForKeys: nil).sorted(by: { $0.path < $1.path }) {
            guard let type = types[file.pathExtension] else { continue }
            let data = try Data(contentsOf: file)
            digest.update(data: data)
            statics[file.lastPathComponent] = (ByteBuffer(bytes: data), type)
        }
        return WebAssets(library: MustacheLibrary(templates: templates), statics: statics, version: String(digest.finalize().hexEncoded.prefix(12)))
    }
}

struct WebAssetsError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// HTML escaping scalar by scalar. swift-mustache's own looks at whole
/// characters, and a character may hold a `<` or a quote behind a mark it
/// joins (U+0600 then `<` is one character, equal to neither): such text
/// would come out as live markup. A sender's title, a chosen user name,
/// a comment are escaped here, every scalar that HTML reads.
struct ScalarHTML: MustacheContentType {
    static let name = "HERALD_HTML"

    func escapeText(_ text: String) -> String { EmailMessage.escapeHTML(text) }
}
