import HeraldCore

/// A delivery's priority in SQL: its notification's severity's rank
/// (`Severity.rank`, none 0 … critical highest), from a severity column;
/// no severity ranks as none. Claims serve the highest first.
enum SeverityRank {
    static func sql(of column: String) -> String {
        let cases = Severity.allCases.map { "WHEN '\($0.rawValue)' THEN \($0.rank)" }.joined(separator: " ")
        return "(CASE \(column) \(cases) ELSE 0 END)"
    }

    /// An escalation's call outranks every notification's own pushes.
    static let call = Severity.allCases.count
}
