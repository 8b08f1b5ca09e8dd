import Foundation

// How policies and quiet hours are kept in the database: small JSON
// documents, read back exactly (the stores' own wire, not the API's).

extension EscalationPolicy.Target {
    /// `user:<id>`, `rota:<id>` or `subscribers`.
    public var stored: String {
        switch self {
        case .user(let id): "user:\(id)"
        case .rota(let id): "rota:\(id)"
        case .subscribers: "subscribers"
        }
    }

    public init?(stored: String) {
        if stored == "subscribers" {
            self = .subscribers
            return
        }
        let parts = stored.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let id = Int64(parts[1]) else { return nil }
        switch parts[0] {
        case "user": self = .user(id)
        case "rota": self = .rota(id)
        default: return nil
        }
    }
}

extension EscalationPolicy {
    private struct Document: Codable {
        struct Step: Codable {
            var targets: [String]
            var wait: Int
        }
        var steps: [Step]
        var repeats: Int
        var minimum: String
    }

    public var json: String {
        let document = Document(
            steps: steps.map { Document.Step(targets: $0.targets.map(\.stored), wait: $0.waitSeconds) },
            repeats: repeats, minimum: minimumSeverity.rawValue
        )
        return String(decoding: (try? JSONEncoder().encode(document)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public init?(json: String) {
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(json.utf8)),
            let minimum = Severity(rawValue: document.minimum)
        else { return nil }
        self.init(
            steps: document.steps.map { Step(targets: $0.targets.compactMap(Target.init(stored:)), waitSeconds: $0.wait) },
            repeats: document.repeats, minimumSeverity: minimum
        )
    }
}

extension QuietHours {
    private struct Document: Codable {
        struct Window: Codable {
            var days: [Int]
            var from: Int
            var until: Int
        }
        var zone: String
        var windows: [Window]
        var breakThrough: String
        var quieting: String
    }

    public var json: String {
        let document = Document(
            zone: zone.name, windows: windows.map { Document.Window(days: $0.weekdays.sorted(), from: $0.from, until: $0.until) },
            breakThrough: breakThrough.rawValue, quieting: quieting.rawValue
        )
        return String(decoding: (try? JSONEncoder().encode(document)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public init?(json: String) {
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(json.utf8)),
            let zone = NamedTimeZone(document.zone), let breakThrough = Severity(rawValue: document.breakThrough),
            let quieting = Quieting(rawValue: document.quieting)
        else { return nil }
        self.init(
            zone: zone, windows: document.windows.map { Window(weekdays: Set($0.days), from: $0.from, until: $0.until) },
            breakThrough: breakThrough, quieting: quieting
        )
    }
}

extension OnCallRota.Rotation {
    /// (`days` or `hours`, length), as stored.
    public var stored: (unit: String, length: Int) {
        switch self {
        case .days(let days): ("days", days)
        case .hours(let hours): ("hours", hours)
        }
    }

    public init?(unit: String, length: Int) {
        switch unit {
        case "days": self = .days(length)
        case "hours": self = .hours(length)
        default: return nil
        }
    }
}
