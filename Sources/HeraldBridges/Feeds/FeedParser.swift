import Foundation
import HeraldCore
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a feed body: a GeoJSON FeatureCollection (USGS's earthquake
/// summaries), RSS 2.0 or Atom. Anything else is an error naming what it
/// was not; nothing here trusts the body's size (the poller limits it).
public enum FeedParser {
    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    public static func entries(_ body: Data) throws(Unreadable) -> [FeedEntry] {
        let start = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        if start == UInt8(ascii: "{") { return try geoJSON(body) }
        if start == UInt8(ascii: "<") { return try xml(body) }
        throw Unreadable(description: "neither JSON nor XML")
    }

    static func geoJSON(_ body: Data) throws(Unreadable) -> [FeedEntry] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { throw Unreadable(description: "JSON that is not an object") }
        guard object["type"] as? String == "FeatureCollection", let features = object["features"] as? [[String: Any]] else {
            throw Unreadable(description: "JSON that is not a GeoJSON FeatureCollection")
        }
        return features.compactMap { feature in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            guard let id = (feature["id"] as? String) ?? (feature["id"] as? NSNumber)?.stringValue ?? (properties["code"] as? String) else { return nil }
            var context = properties
            var fields: [String: AttributeValue] = [:]
            for (name, value) in properties {
                guard let scalar = scalar(value) else { continue }
                fields[name] = scalar
            }
            // USGS gives times in milliseconds since 1970; `age` reads `time`
            // as a date-time, so it is kept as one.
            for name in ["time", "updated"] {
                if case .number(let millis)? = fields[name] {
                    fields[name] = .string(Date(timeIntervalSince1970: millis / 1000).formatted(.iso8601))
                }
            }
            if let coordinates = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Any] {
                for (index, name) in ["longitude", "latitude", "depth"].enumerated() where index < coordinates.count {
                    if let number = (coordinates[index] as? NSNumber)?.doubleValue {
                        fields[name] = .number(number)
                        context[name] = number
                    }
                }
            }
            context["id"] = id
            fields["id"] = .string(id)
            return FeedEntry(id: id, context: context, fields: fields)
        }
    }

    static func scalar(_ value: Any) -> AttributeValue? {
        switch value {
        case let text as String: return .string(text)
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; their type says which.
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        default: return nil
        }
    }

    static func xml(_ body: Data) throws(Unreadable) -> [FeedEntry] {
        let reader = SyndicationReader()
        let parser = XMLParser(data: body)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), reader.kind != nil else {
            throw Unreadable(description: reader.kind == nil ? "XML that is neither RSS nor Atom" : "malformed XML: \(parser.parserError.map { "\($0)" } ?? "unknown")")
        }
        return reader.entries
    }
}

/// Collects RSS `<item>`s and Atom `<entry>`s: each child element's text
/// by name (Atom's `<link href>` as `link`); the id is the guid or id, else
/// the link, else the title.
final class SyndicationReader: NSObject, XMLParserDelegate {
    var kind: String?
    var entries: [FeedEntry] = []
    private var current: [String: String]?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if kind == nil, local == "rss" || local == "feed" || local == "RDF" { kind = local }
        if local == "item" || local == "entry" {
            current = [:]
        } else if current != nil, local == "link", let href = attributes["href"], attributes["rel"] == nil || attributes["rel"] == "alternate" {
            current?["link"] = href
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, foundCDATA data: Data) { text += String(decoding: data, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if local == "item" || local == "entry", let fields = current {
            current = nil
            guard let id = fields["guid"] ?? fields["id"] ?? fields["link"] ?? fields["title"] else { return }
            entries.append(FeedEntry(id: id, context: fields, fields: fields.mapValues { .string($0) }))
        } else if current != nil {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty, current?[local] == nil { current?[local] = value }
        }
        text = ""
    }
}
