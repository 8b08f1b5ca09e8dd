import Foundation
import HeraldCore
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Where the first admin's generated password goes: to the terminal when a
/// person is watching, else into a file only its owner can read, never
/// into a log stream (journald, a container's log) that others may read.
public struct AdminPasswordNotice: Sendable {
    let file: String
    let toTerminal: Bool
    let logger: Logger

    public init(config: HeraldConfig, logger: Logger, toTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.file = config.adminPasswordFile ?? Self.defaultFile(for: config.database)
        self.toTerminal = toTerminal
        self.logger = logger
    }

    /// Beside the SQLite file, or in the working directory.
    static func defaultFile(for database: DatabaseLocation) -> String {
        guard case .sqlite(let path) = database, path != ":memory:" else { return "herald-admin-password" }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "herald-admin-password" : folder + "/herald-admin-password"
    }

    public func announce(_ password: String) {
        if toTerminal {
            print("Created the first admin account. Log in as 'admin' with the password: \(password)")
            print("It is shown only this once; change it with `herald user passwd admin --password-stdin`.")
            fflush(nil)
            return
        }
        do {
            try Self.writePrivately(password + "\n", to: file)
            logger.notice("created the first admin account 'admin'; its password is in \(file) (mode 0600): read it, then delete the file")
        } catch {
            logger.error(
                "created the first admin account 'admin' but could not write its password to \(file) (\(error)); set one with `herald user passwd admin --password-stdin`"
            )
        }
    }

    /// Created with mode 0600 and never over an existing file (a link
    /// planted there would otherwise receive the password).
    static func writePrivately(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
