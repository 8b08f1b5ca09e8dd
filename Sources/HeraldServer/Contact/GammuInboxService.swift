import Foundation
import HeraldCore
import HeraldDelivery
import HeraldUseCases
import Logging
import ServiceLifecycle

/// Reads the replies Gammu SMSD files in its inbox (issue 42) and hands
/// each to `ContactReplies`: a text from a verified number with the code of
/// a text sent to that person acknowledges, as them. A file is removed once
/// its reply was handled (whatever it did); kept, and read again at the
/// next poll, when the database could not be asked. SMSD appends to an
/// inbox file in place, so one not yet complete is left for the next poll;
/// one still unreadable after five minutes is set aside under a name SMSD
/// and this reader ignore (`unreadable-IN…`), and logged.
struct GammuInboxService: Service {
    let inbox: URL
    let poll: Duration
    let replies: ContactReplies
    let clock: WallClock
    let logger: Logger
    static let unreadableAfter: TimeInterval = 300

    init(settings: GammuSettings, replies: ContactReplies, clock: WallClock, logger: Logger) {
        inbox = URL(fileURLWithPath: settings.spool, isDirectory: true).appendingPathComponent("inbox", isDirectory: true)
        poll = .milliseconds(Int64(settings.pollSeconds * 1000))
        self.replies = replies
        self.clock = clock
        self.logger = logger
    }

    func run() async throws {
        logger.info("reading Gammu SMSD's inbox for replies", metadata: ["inbox": "\(inbox.path)"])
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await readOnce()
                try? await Task.sleep(for: poll)
            }
        }
    }

    /// Handles every complete reply in the inbox, oldest name first.
    func readOnce() async {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: inbox.path).filter { $0.hasPrefix("IN") && $0.hasSuffix(".txt") }.sorted()
        } catch {
            logger.warning("cannot read Gammu SMSD's inbox", metadata: ["inbox": "\(inbox.path)", "error": "\(error.localizedDescription)"])
            return
        }
        for name in names {
            let file = inbox.appendingPathComponent(name)
            // A regular file only (no link, no FIFO to block on), as SMSD writes them.
            guard (try? FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType) == .typeRegular,
                let data = FileManager.default.contents(atPath: file.path)
            else { continue }
            // Its name holds the sender's number: logs show its last digits only.
            let shown = Self.hint(name)
            guard let message = GammuInboxMessage.parse(String(decoding: data, as: UTF8.self)) else {
                setAsideIfStale(file, name: name, shown: shown)
                continue
            }
            do {
                let outcome = try await replies.receive(from: message.sender, text: message.text, logger: logger)
                logger.info("text reply read", metadata: ["file": "\(shown)", "outcome": "\(outcome)"])
            } catch {
                logger.warning("text reply not handled; read again at the next poll", metadata: ["file": "\(shown)", "error": "\(error)"])
                continue
            }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// `IN<date>_<time>_<serial>_<sender>_<part>.txt` with the sender's last three digits only.
    static func hint(_ name: String) -> String {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 5 else { return "IN…" }
        let sender = parts[3..<(parts.count - 1)].joined(separator: "_")
        return parts[0...2].joined(separator: "_") + "_…" + sender.suffix(3) + "_" + parts[parts.count - 1]
    }

    private func setAsideIfStale(_ file: URL, name: String, shown: String) {
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? clock.now()
        guard clock.now().timeIntervalSince(modified) > Self.unreadableAfter else { return }
        try? FileManager.default.moveItem(at: file, to: inbox.appendingPathComponent("unreadable-" + name))
        logger.warning("a file in Gammu SMSD's inbox is no text Herald can read: set aside", metadata: ["file": "unreadable-\(shown)"])
    }
}
