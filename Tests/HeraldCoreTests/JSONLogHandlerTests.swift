import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import Testing

@Suite("JSON log lines")
struct JSONLogHandlerTests {
    @Test func eachMessageIsOneJSONObjectWithItsMetadata() throws {
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "herald") { label in JSONLogHandler(label: label) { line in lines.withLockedValue { $0.append(line) } } }
        logger.logLevel = .info
        logger[metadataKey: "replica"] = "a"
        logger.debug("not at this level")
        logger.warning("push failed\nsecond line \"quoted\"", metadata: ["status": "410", "message": "shadowing", "ids": ["1", "2"]])
        let written = lines.withLockedValue { $0 }
        #expect(written.count == 1)
        let line = try #require(written.first)
        #expect(!line.contains("\n"), "one line per message")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "warning")
        #expect(object["logger"] as? String == "herald")
        #expect(object["message"] as? String == "push failed\nsecond line \"quoted\"")
        #expect(object["status"] as? String == "410")
        #expect(object["replica"] as? String == "a")
        #expect(object["meta_message"] as? String == "shadowing")
        #expect(object["ids"] as? [String] == ["1", "2"])
        let time = try #require(object["time"] as? String)
        #expect(time.hasSuffix("Z") && time.contains("T") && time.contains("."))
    }

    @Test func theFormatIsReadFromLOG_FORMAT() throws {
        #expect(try HeraldConfig(environment: [:]).logFormat == .text)
        #expect(try HeraldConfig(environment: ["LOG_FORMAT": "JSON"]).logFormat == .json)
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["LOG_FORMAT": "xml"]) }
    }
}
