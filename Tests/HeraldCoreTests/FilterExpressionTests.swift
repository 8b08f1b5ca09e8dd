import Foundation
import HeraldCore
import Testing

@Suite("Filter expressions")
struct FilterExpressionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func subject(
        _ attributes: [String: AttributeValue] = [:], title: String = "Transient", subtitle: String = "", severity: Severity? = nil, postedAgo: TimeInterval = 0
    ) -> FilterSubject {
        FilterSubject(
            NotificationDraft(title: title, subtitle: subtitle, severity: severity, attributes: NotificationAttributes(attributes)),
            postedAt: now.addingTimeInterval(-postedAgo)
        )
    }

    static func matches(_ filter: String, _ subject: FilterSubject) throws -> Bool {
        try FilterParser.parse(filter).matches(subject, now: now)
    }

    @Test func theTransientAlertCases() throws {
        let filter = "class in [supernova, comet] and magnitude <= 19"
        #expect(try Self.matches(filter, Self.subject(["class": .string("Supernova"), "magnitude": .number(17.9)])))
        #expect(try Self.matches(filter, Self.subject(["class": .string("comet"), "magnitude": .number(19)])))
        #expect(try !Self.matches(filter, Self.subject(["class": .string("comet"), "magnitude": .number(19.5)])))
        #expect(try !Self.matches(filter, Self.subject(["class": .string("unknown"), "magnitude": .number(12)])))
        #expect(try !Self.matches(filter, Self.subject(["class": .string("comet")])), "a missing attribute matches no comparison")
        #expect(try Self.matches("not magnitude > 19", Self.subject(["class": .string("comet")])), "not says so explicitly")
        #expect(try Self.matches("magnitude < 20", Self.subject(["magnitude": .string("17.5")])), "numbers sent as text compare as numbers")
    }

    @Test func severityTextAgeAndBooleans() throws {
        #expect(try Self.matches("severity >= major", Self.subject(severity: .critical)))
        #expect(try !Self.matches("severity >= major", Self.subject(severity: .warning)))
        #expect(try !Self.matches("severity >= major", Self.subject()), "no severity, no match")
        #expect(try Self.matches("title contains BEAM or text contains 'ring current'", Self.subject(title: "x", subtitle: "The ring current dropped")))
        #expect(try Self.matches("age <= 2d", Self.subject(postedAgo: 3600)))
        #expect(try !Self.matches("age <= 2d", Self.subject(["time": .string("2027-01-01T00:00:00Z")], postedAgo: 0)), "age from the event's time")
        #expect(try Self.matches("age < 90s", Self.subject(["time": .number(Self.now.timeIntervalSince1970 - 60)])))
        #expect(try Self.matches("confirmed = true and not retracted = true", Self.subject(["confirmed": .bool(true), "retracted": .bool(false)])))
        #expect(try Self.matches("stream exists and attributes.title = 'x'", Self.subject(["stream": .string("CRTS"), "title": .string("X")])))
        #expect(try Self.matches("id = \"C/2026 A1\" or id == 7", Self.subject(["id": .number(7)])))
        #expect(try Self.matches("a = 1 or b = 1 and c = 1", Self.subject(["a": .number(1)])), "and binds tighter")
        #expect(try !Self.matches("(a = 1 or b = 1) and c = 1", Self.subject(["a": .number(1)])))
    }

    @Test func theCanonicalTextReadsBackAsTheSameFilter() throws {
        for (given, canonical) in [
            ("class IN [supernova,'comet'] AND magnitude<=19", "class in [supernova, comet] and magnitude <= 19"),
            ("(a = 1 or b = 2) and not (c != 'two words')", "(a = 1 or b = 2) and not c != \"two words\""),
            ("age <= 172800", "age <= 2d"),
            ("severity >= CRIT", "severity >= CRIT"),
            ("title contains \"say \\\"hi\\\"\"", "title contains \"say \\\"hi\\\"\""),
            ("attributes.title = x", "attributes.title = x"),
        ] {
            let parsed = try FilterParser.parse(given)
            #expect(parsed.description == canonical, "\(given)")
            #expect(try FilterParser.parse(parsed.description) == parsed, "\(given)")
        }
    }

    @Test func mistakesAreReportedWithTheirPosition() {
        for (filter, position, words) in [
            ("class in [supernova, comet", 26, "Expected ',' or ']'"),
            ("magnitude <= ", 13, "Expected a value"),
            ("magnitude 19", 10, "Expected a comparison"),
            ("class = 'open", 8, "not closed"),
            ("severity >= apocalyptic", 12, "Expected a severity"),
            ("age < yesterday", 6, "Expected a duration"),
            ("a = 1 b = 2", 6, "Expected 'and', 'or' or the end"),
            ("and = 1", 0, "Expected a name"),
            ("a = 1 & b = 2", 6, "Unexpected character '&'"),
            ("1st = 1", 0, "not an attribute name"),
            ("a ! 1", 2, "Expected '!=' or 'not'"),
            (String(repeating: "(", count: 40) + "a = 1" + String(repeating: ")", count: 40), 31, "Nested too deeply"),
        ] {
            #expect(throws: FilterSyntaxError.self, "\(filter)") { try FilterParser.parse(filter) }
            do {
                _ = try FilterParser.parse(filter)
            } catch {
                #expect(error.position == position, "\(filter): \(error)")
                #expect(error.message.contains(words), "\(filter): \(error)")
            }
        }
        #expect(throws: FilterSyntaxError.self) { try FilterParser.parse(String(repeating: "a = 1 or ", count: 200) + "a = 1") }
    }

    @Test func keywordsAndExpressionsTogether() throws {
        let filter = try SubscriptionFilter.validated(expression: "severity >= warning", includeKeywords: [" Beam ", "beam", "RF"], excludeKeywords: ["test"])
        #expect(filter.includeKeywords == ["Beam", "RF"], "trimmed, repeats dropped")
        let compiled = try #require(CompiledFilter(filter))
        #expect(compiled.matches(Self.subject(title: "Beam lost", severity: .major), now: Self.now))
        #expect(!compiled.matches(Self.subject(title: "Beam lost (test)", severity: .major), now: Self.now))
        #expect(!compiled.matches(Self.subject(title: "Cryo trip", severity: .major), now: Self.now))
        #expect(!compiled.matches(Self.subject(title: "rf off", severity: .info), now: Self.now))
        #expect(try SubscriptionFilter.validated(expression: "  ", includeKeywords: [], excludeKeywords: []).isEmpty)
        #expect(throws: SubscriptionFilter.Problems.self) {
            try SubscriptionFilter.validated(expression: "a ==", includeKeywords: [""], excludeKeywords: Array(repeating: "x", count: 51))
        }
        do {
            _ = try SubscriptionFilter.validated(expression: "a ==", includeKeywords: [""], excludeKeywords: Array(repeating: "x", count: 51))
        } catch {
            #expect(error.problems.map(\.field) == ["expression", "include_keywords", "exclude_keywords"])
            #expect(error.problems.first?.position == 4 && error.problems[1].index == 0)
        }
    }
}
