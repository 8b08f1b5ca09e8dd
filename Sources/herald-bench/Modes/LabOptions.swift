import ArgumentParser
import Foundation
import Logging

/// The options every mode against Herald's processes shares.
struct LabOptions: ParsableArguments {
    @Option(help: "sqlite or postgres (PostgreSQL from DATABASE_URL: a scratch database is made on that server and dropped after).")
    var backend: BenchBackend = .postgres
    @Option(help: "The herald binary (default: the one beside herald-bench).") var herald: String?
    @Option(help: "Runs, each on a fresh database; with more than one, a last line gives the medians.") var runs = 1
    @Option(help: "Append each run's figures to this CSV file (a header row first when the file is new).") var csv: String?

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }

    var logger: Logger {
        var logger = Logger(label: "herald-bench")
        logger.logLevel = .warning
        return logger
    }

    /// Runs `measure` `runs` times, each in a fresh lab; prints and records
    /// each run's figures; returns them for the medians.
    func repeated(_ measure: @Sendable (Lab, Int) async throws -> Figures) async throws -> [Figures] {
        var all: [Figures] = []
        for run in 1...runs {
            let figures = try await Lab.with(backend, herald: herald, logger: logger) { lab in try await measure(lab, run) }
            print(figures.line)
            fflush(nil)
            try figures.append(toCSV: csv)
            all.append(figures)
        }
        return all
    }

    /// The median of a numeric column over the runs.
    static func median(_ runs: [Figures], _ column: String) -> Double {
        Stats.median(runs.compactMap { figures in figures.columns.first { $0.0 == column }.flatMap { Double($0.1) } })
    }
}
