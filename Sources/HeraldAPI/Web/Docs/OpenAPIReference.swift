import Foundation
import Yams

/// `openapi.yaml` turned into what the reference page shows: operations
/// grouped by tag in the file's order, each with who may call it, its
/// parameters, body and answers, and a curl example; then the schemas.
/// Read with Yams' node API, which keeps the file's order.
struct OpenAPIReference {
    let root: Node

    init(yaml: String) throws {
        guard let root = try Yams.compose(yaml: yaml) else { throw WebAssetsError(reason: "openapi.yaml is empty") }
        self.root = root
    }

    static let methods = ["get", "post", "put", "patch", "delete"]

    /// The page's template values.
    func page() -> APIReferencePage {
        let info = root["info"]
        var byTag: [String: [APIReferencePage.Operation]] = [:]
        var aliases: [String: [String]] = [:]
        let paths = root["paths"]?.mapping.map(Array.init) ?? []
        // /api/v1 paths that only point at their /api/v2 twin are listed with it.
        for (key, item) in paths {
            if let ref = item["$ref"]?.string, let target = Self.pathOfRef(ref) { aliases[target, default: []].append(key.string ?? "") }
        }
        for (key, item) in paths where item["$ref"] == nil {
            let path = key.string ?? ""
            let shared = item["parameters"]?.sequence.map(Array.init) ?? []
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                let tags = operation["tags"]?.sequence?.compactMap(\.string) ?? ["other"]
                byTag[tags[0], default: []].append(self.operation(method: method, path: path, operation, shared: shared, tags: tags, aliases: aliases[path] ?? []))
            }
        }
        let tagOrder = (root["tags"]?.sequence?.compactMap { $0["name"]?.string } ?? []) + byTag.keys.sorted()
        var seen = Set<String>()
        let groups: [APIReferencePage.Group] = tagOrder.compactMap { tag in
            guard seen.insert(tag).inserted, let operations = byTag[tag] else { return nil }
            return APIReferencePage.Group(name: tag, anchor: Self.anchor("tag", tag), operations: operations)
        }
        let schemas = root["components"]?["schemas"]?.mapping.map(Array.init) ?? []
        return APIReferencePage(
            apiTitle: info?["title"]?.string ?? "API", apiVersion: info?["version"]?.string ?? "",
            summary: info?["summary"]?.string ?? "",
            intro: Self.markdown(info?["description"]?.string ?? ""),
            groups: groups,
            schemas: schemas.map { key, schema in self.schema(name: key.string ?? "", schema) }
        )
    }

    private func operation(method: String, path: String, _ operation: Node, shared: [Node], tags: [String], aliases: [String]) -> APIReferencePage.Operation {
        let parameters = (shared + (operation["parameters"]?.sequence.map(Array.init) ?? [])).map(resolve)
        let access = Self.access(operation, tags: tags, global: root["security"])
        var body: [APIReferencePage.Body] = []
        var example: String?
        if let content = operation["requestBody"]?["content"]?.mapping {
            for (type, media) in content {
                let schema = media["schema"]
                body.append(APIReferencePage.Body(type: type.string ?? "", schema: typeHTML(schema)))
                if example == nil, let schema {
                    example = type.string == "application/json" ? exampleJSON(schema) : nil
                    if type.string == "application/x-www-form-urlencoded" { example = "--data-urlencode 'username=…' --data-urlencode 'password=…'" }
                }
            }
        }
        let responses = (operation["responses"]?.mapping.map(Array.init) ?? []).map { code, answer in
            let answer = resolve(answer)
            let content = answer["content"]?.mapping.map(Array.init) ?? []
            return APIReferencePage.Answer(
                code: code.string ?? "", description: Self.markdown(answer["description"]?.string ?? ""),
                schema: content.first.map { typeHTML($0.value["schema"]) }, type: content.first?.key.string ?? "",
                ok: (code.string ?? "").hasPrefix("2") || (code.string ?? "").hasPrefix("3")
            )
        }
        return APIReferencePage.Operation(
            method: method.uppercased(), methodClass: method, path: path, anchor: Self.anchor(method, path),
            summary: operation["summary"]?.string ?? "", description: Self.markdown(operation["description"]?.string ?? ""),
            access: access, also: aliases.joined(separator: ", "), hasAliases: !aliases.isEmpty,
            parameters: parameters.map { parameter in
                APIReferencePage.Parameter(
                    name: parameter["name"]?.string ?? "", in: parameter["in"]?.string ?? "", required: parameter["required"]?.bool ?? false,
                    schema: typeHTML(parameter["schema"]), description: Self.markdown(parameter["description"]?.string ?? "")
                )
            },
            hasParameters: !parameters.isEmpty,
            body: body, hasBody: !body.isEmpty, responses: responses,
            curl: curl(method: method, path: path, access: access, parameters: parameters, body: example)
        )
    }

    /// Who may call an operation, from its security and its `admin` tag.
    static func access(_ operation: Node, tags: [String], global: Node?) -> String {
        let security = operation["security"] ?? global
        let schemes = security?.sequence?.map { $0.mapping?.keys.compactMap(\.string) ?? [] } ?? []
        if schemes.contains(where: { $0.contains("serviceToken") }) { return "Senders on ALLOWED_NETWORKS, or with a service token" }
        if schemes.isEmpty || schemes.contains(where: \.isEmpty) { return "Anyone" }
        return tags.contains("admin") ? "Administrators" : "Signed-in users"
    }

    private func curl(method: String, path: String, access: String, parameters: [Node], body: String?) -> String {
        var url = "$HERALD" + path
        for parameter in parameters where parameter["in"]?.string == "path" {
            let name = parameter["name"]?.string ?? ""
            url = url.replacingOccurrences(of: "{\(name)}", with: "$" + name.uppercased())
        }
        var lines = ["curl" + (method == "get" ? "" : " -X \(method.uppercased())") + " \"\(url)\""]
        if access == "Signed-in users" || access == "Administrators" { lines.append("-H \"Authorization: Bearer $TOKEN\"") }
        if let body {
            if body.hasPrefix("--") {
                lines.append(body)
            } else {
                lines.append("-H 'Content-Type: application/json'")
                lines.append("-d '\(body)'")
            }
        }
        return lines.joined(separator: " \\\n     ")
    }

    private func schema(name: String, _ schema: Node) -> APIReferencePage.Schema {
        let required = Set(schema["required"]?.sequence?.compactMap(\.string) ?? [])
        let properties = schema["properties"]?.mapping.map(Array.init) ?? []
        return APIReferencePage.Schema(
            name: name, anchor: Self.anchor("schema", name), description: Self.markdown(schema["description"]?.string ?? ""),
            type: properties.isEmpty ? typeHTML(schema) : nil, hasProperties: !properties.isEmpty,
            properties: properties.map { key, property in
                APIReferencePage.Property(
                    name: key.string ?? "", required: required.contains(key.string ?? ""), schema: typeHTML(property),
                    description: Self.markdown(property["description"]?.string ?? "")
                )
            }
        )
    }

    /// A `$ref` followed to what it names.
    func resolve(_ node: Node) -> Node {
        guard let ref = node["$ref"]?.string, ref.hasPrefix("#/") else { return node }
        var current: Node? = root
        for part in ref.dropFirst(2).split(separator: "/") {
            current = current?[String(part).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
        }
        return current.map(resolve) ?? node
    }

    static func pathOfRef(_ ref: String) -> String? {
        guard ref.hasPrefix("#/paths/") else { return nil }
        return String(ref.dropFirst("#/paths/".count)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// A schema's type in a few words, with named schemas linked.
    func typeHTML(_ schema: Node?) -> String {
        guard let schema else { return "" }
        if let ref = schema["$ref"]?.string {
            let name = String(ref.split(separator: "/").last ?? "")
            return "<a href=\"#\(Self.anchor("schema", name))\">\(Self.escape(name))</a>"
        }
        for combiner in ["oneOf", "anyOf", "allOf"] {
            if let options = schema[combiner]?.sequence {
                return options.map { typeHTML($0) }.joined(separator: combiner == "allOf" ? " and " : " or ")
            }
        }
        var words: [String]
        if let types = schema["type"]?.sequence {
            words = [types.compactMap(\.string).joined(separator: " or ")]
        } else {
            words = [schema["type"]?.string ?? (schema["properties"] != nil ? "object" : "any")]
        }
        if words[0] == "array" { words = ["array of " + (typeHTML(schema["items"]).isEmpty ? "any" : typeHTML(schema["items"]))] }
        if let format = schema["format"]?.string { words.append("(\(Self.escape(format)))") }
        if let values = schema["enum"]?.sequence { words.append("one of " + values.compactMap(\.string).map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", ")) }
        if let value = schema["const"]?.string { words.append("always <code>\(Self.escape(value))</code>") }
        var limits: [String] = []
        if let value = schema["minLength"]?.int, value > 0 { limits.append("at least \(value) characters") }
        if let value = schema["maxLength"]?.int { limits.append("at most \(value) characters") }
        if let value = schema["minimum"]?.string { limits.append("≥ \(Self.escape(value))") }
        if let value = schema["maximum"]?.string { limits.append("≤ \(Self.escape(value))") }
        if let value = schema["maxItems"]?.int { limits.append("at most \(value) items") }
        if let value = schema["default"]?.string { limits.append("default <code>\(Self.escape(value))</code>") }
        if !limits.isEmpty { words.append("— " + limits.joined(separator: ", ")) }
        return words.joined(separator: " ")
    }

    /// A small example body for a JSON schema: its `examples`, else values by type.
    func exampleJSON(_ schema: Node) -> String {
        guard let value = exampleValue(schema, depth: 0),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "'", with: "'\\''")
    }

    private func exampleValue(_ node: Node, depth: Int) -> Any? {
        let schema = resolve(node)
        guard depth < 4 else { return nil }
        if let first = schema["examples"]?.sequence?.first { return Self.plain(first) }
        if let example = schema["example"] { return Self.plain(example) }
        if let first = (schema["oneOf"] ?? schema["anyOf"])?.sequence?.first { return exampleValue(first, depth: depth + 1) }
        if let first = schema["enum"]?.sequence?.first?.string { return first }
        let type = schema["type"]?.string ?? schema["type"]?.sequence?.first?.string ?? (schema["properties"] != nil ? "object" : "string")
        switch type {
        case "object":
            var object: [String: Any] = [:]
            let required = Set(schema["required"]?.sequence?.compactMap(\.string) ?? [])
            for (key, property) in schema["properties"]?.mapping ?? [:] where required.isEmpty || required.contains(key.string ?? "") {
                object[key.string ?? ""] = exampleValue(property, depth: depth + 1) ?? NSNull()
            }
            return object
        case "array": return [schema["items"].flatMap { exampleValue($0, depth: depth + 1) } ?? "…"]
        case "integer": return 1
        case "number": return 1.5
        case "boolean": return true
        default:
            switch schema["format"]?.string {
            case "uuid": return "3fa85f64-5717-4562-b3fc-2c963f66afa6"
            case "uri": return "https://example.org/"
            default: return "text"
            }
        }
    }

    /// A YAML value as JSONSerialization takes it.
    static func plain(_ node: Node) -> Any {
        if let mapping = node.mapping {
            return Dictionary(mapping.map { ($0.key.string ?? "", plain($0.value)) }, uniquingKeysWith: { _, last in last })
        }
        if let sequence = node.sequence { return sequence.map(plain) }
        return node.any
    }

    static func anchor(_ parts: String...) -> String {
        parts.joined(separator: "-").lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The little Markdown the descriptions use: paragraphs and `code`.
    static func markdown(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map { paragraph in
            let parts = escape(paragraph).components(separatedBy: "`")
            let inline = parts.enumerated().map { $0.offset % 2 == 1 && parts.count % 2 == 1 ? "<code>\($0.element)</code>" : $0.element }.joined()
            return "<p>\(inline)</p>"
        }.joined()
    }
}
