import Foundation
import HeraldCore
import HeraldTestSupport
import Logging
import Testing

@testable import HeraldServer

@Suite("The first admin's password")
struct AdminPasswordNoticeTests {
    /// Not on a terminal: the password goes to a file only its owner can
    /// read, and the log says where, not what.
    @Test func itIsWrittenToAPrivateFileNotToTheLog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-admin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/herald.sqlite"
        let logs = CapturedLogs()
        let config = HeraldConfig(database: .sqlite(path: path))
        let notice = AdminPasswordNotice(config: config, logger: logs.logger, toTerminal: false)
        notice.announce("the-generated-password")
        let file = folder + "/herald-admin-password"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "the-generated-password\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(logs.all.contains { $0.contains("its password is in \(file)") })
        #expect(!logs.all.contains { $0.contains("the-generated-password") })

        // Never over an existing file (a planted link would receive it).
        let again = AdminPasswordNotice(config: config, logger: logs.logger, toTerminal: false)
        again.announce("a-second-password")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "the-generated-password\n")
        #expect(logs.all.contains { $0.contains("could not write its password") })
        #expect(!logs.all.contains { $0.contains("a-second-password") })
    }

    @Test func theFileIsConfigurable() throws {
        #expect(AdminPasswordNotice.defaultFile(for: .postgres(.init(host: "h", port: 5432, username: "u", password: nil, database: "d", tls: .disable))) == "herald-admin-password")
        #expect(AdminPasswordNotice.defaultFile(for: .sqlite(path: "herald.sqlite")) == "herald-admin-password")
        #expect(AdminPasswordNotice.defaultFile(for: .sqlite(path: "/var/lib/herald/db.sqlite")) == "/var/lib/herald/herald-admin-password")
        let chosen = HeraldConfig(adminPasswordFile: "/run/secrets/admin")
        #expect(AdminPasswordNotice(config: chosen, logger: Logger(label: "t"), toTerminal: false).file == "/run/secrets/admin")
    }
}
