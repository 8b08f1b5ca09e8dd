import ArgumentParser
import Foundation
import HeraldMocks
import HeraldTestSupport
import PostgresNIO

/// Round after round of fan-outs while the providers misbehave (APNs slow
/// to answer, FCM resetting its connections): how far throughput falls,
/// that nothing is lost or removed, and whether Herald's memory stays flat.
struct FaultsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faults",
        abstract: "Fan-outs against a slow APNs and a connection-resetting FCM: throughput, losses and Herald's RSS round by round.",
        discussion: """
            N subscribed devices (half APNs, half FCM); ROUNDS notifications posted one after another, each once the one \
            before is delivered and recorded, to `herald serve` in its own process. The mock APNs answers every push after \
            --apns-delay-ms, the mock FCM closes its connection instead of answering at every --fcm-reset-every'th request \
            (0 and 0: healthy providers, the baseline). Herald's resident memory (VmRSS) is read every 250 ms. Prints per \
            run: pushes/s over all rounds, pushes sent again (attempts beyond the first), pushes lost (never recorded sent) \
            and devices removed (both must be 0: the run fails otherwise), and the highest RSS seen in the first round, \
            in all and in the last round. --rounds-csv appends a row per round (its time, pushes/s and highest RSS) for a plot.
            """
    )

    @OptionGroup var lab: LabOptions
    @Option(help: "Subscribed devices.") var devices = 10_000
    @Option(help: "Notifications, one after another.") var rounds = 10
    @Option(help: "The mock APNs answers each push after this many milliseconds (0: at once).") var apnsDelayMs = 250
    @Option(help: "The mock FCM closes the connection at every Nth request instead of answering (0: never).") var fcmResetEvery = 1000
    @Option(help: "Append a row per round (run, round, seconds, pushes/s, highest RSS) to this CSV file.") var roundsCSV: String?

    func validate() throws {
        guard devices >= 2, rounds >= 2, apnsDelayMs >= 0, fcmResetEvery >= 0 else {
            throw ValidationError("--devices and --rounds at least 2, --apns-delay-ms and --fcm-reset-every not negative")
        }
        guard lab.backend == .postgres else { throw ValidationError("faults runs on PostgreSQL (--backend postgres)") }
    }

    private var faultName: String {
        apnsDelayMs == 0 && fcmResetEvery == 0 ? "healthy" : "apns \(apnsDelayMs) ms and fcm reset every \(fcmResetEvery)"
    }

    func run() async throws {
        let (devices, rounds, backend, fault, roundsCSV) = (devices, rounds, lab.backend, faultName, roundsCSV)
        let (apnsDelay, resetEvery) = (apnsDelayMs, fcmResetEvery)
        let runs = try await lab.repeated { lab, run in
            let service = try await lab.service("Faults", subscribers: devices)
            // Retries may take a while under resets; the age limit is not what is measured.
            let (server, port) = try await lab.start(name: "serve", extra: ["DELIVERY_MAX_RETRY_AGE_SECONDS": "3600"])
            defer { server.stop() }
            if apnsDelay > 0 { lab.mocks.apns.behave(.delay(.milliseconds(apnsDelay))) }
            if resetEvery > 0 { lab.mocks.fcm.behave(.resetEvery(resetEvery)) }
            let session = try lab.session

            var perRound: [(seconds: Double, rssMB: Double)] = []
            let start = ContinuousClock.now
            for round in 1...rounds {
                let began = ContinuousClock.now
                var roundPeak = 0.0
                let posted = try await lab.post(port: port, service: service, title: "round \(round)")
                try await session.waitUntilFinished(posted.id, deliveries: devices) { roundPeak = max(roundPeak, server.rssMegabytes ?? 0) }
                perRound.append((Stats.seconds(ContinuousClock.now - began), roundPeak))
            }
            let total = Stats.seconds(ContinuousClock.now - start)
            let sent = try await session.recordedSent()
            let notSent = try await session.integer("SELECT count(*) FROM delivery_history WHERE state <> 'sent'")
            let again = try await session.integer("SELECT coalesce(sum(attempts - 1), 0) FROM delivery_history")
            let removed = try await session.integer("SELECT count(*) FROM removed_devices")
            let lost = rounds * devices - sent
            guard lost == 0, notSent == 0, removed == 0 else {
                throw BenchError("\(lost) pushes lost, \(notSent) recorded other than sent, \(removed) devices removed")
            }
            let (first, last) = (perRound[0].rssMB, perRound[rounds - 1].rssMB)
            let peak = perRound.map(\.rssMB).max() ?? 0
            if let roundsCSV {
                for (index, figures) in perRound.enumerated() {
                    try Figures(
                        line: "",
                        columns: [
                            ("fault", fault), ("run", "\(run)"), ("round", "\(index + 1)"), ("seconds", Stats.format(figures.seconds, 3)),
                            ("pushes_per_s", "\(Int(Double(devices) / figures.seconds))"), ("rss_mb", Stats.format(figures.rssMB, 1)),
                        ]
                    ).append(toCSV: roundsCSV)
                }
            }
            let rate = Double(rounds * devices) / total
            return Figures(
                line: "faults (\(fault)), \(rounds) × \(Stats.grouped(Double(devices))) devices: \(Stats.grouped(rate)) pushes/s, "
                    + "\(Stats.grouped(Double(again))) sent again, 0 lost, 0 devices removed; herald RSS at most \(Stats.format(first)) MB in round 1, "
                    + "\(Stats.format(peak)) MB in all, \(Stats.format(last)) MB in round \(rounds)",
                columns: [
                    ("backend", backend.rawValue), ("fault", fault), ("devices", "\(devices)"), ("rounds", "\(rounds)"),
                    ("pushes_per_s", "\(Int(rate))"), ("sent_again", "\(again)"), ("lost", "\(lost)"), ("removed", "\(removed)"),
                    ("rss_first_mb", Stats.format(first)), ("rss_peak_mb", Stats.format(peak)), ("rss_last_mb", Stats.format(last)),
                ]
            )
        }
        if runs.count > 1 {
            let median = { LabOptions.median(runs, $0) }
            print(
                "faults (\(fault)), median of \(runs.count): \(Stats.grouped(median("pushes_per_s"))) pushes/s, "
                    + "RSS at most \(Stats.format(median("rss_first_mb"))) MB in round 1, \(Stats.format(median("rss_peak_mb"))) MB in all, "
                    + "\(Stats.format(median("rss_last_mb"))) MB in the last round"
            )
        }
    }
}

extension BenchDatabase {
    /// Waits until all `deliveries` of a notification have left the queue
    /// (each recorded in the history, sent or not), calling `look` at each
    /// look, every 250 ms; counted through the history's notification index,
    /// so that watching costs the same in the last round as in the first.
    func waitUntilFinished(_ notification: Int64, deliveries: Int, timeout: Duration = .seconds(1800), look: () -> Void) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            look()
            let finished = try await integer("SELECT count(*) FROM delivery_history WHERE notification_id = \(notification)")
            if finished >= deliveries { return }
            guard ContinuousClock.now < deadline else { throw BenchError("\(finished) of \(deliveries) deliveries finished after \(timeout)") }
            try await Task.sleep(for: .milliseconds(250))
        }
    }
}
