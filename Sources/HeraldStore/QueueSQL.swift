import HeraldCore

/// The delivery queue's SQL pieces the stores share: a push's priority,
/// and the claims' conditions.
enum QueueSQL {
    /// A delivery's priority (`DeliveryPriority`) from a severity column;
    /// no severity ranks as none. Claims serve the highest first.
    static func priority(of column: String) -> String {
        let cases = Severity.allCases.map { "WHEN '\($0.rawValue)' THEN \($0.rank)" }.joined(separator: " ")
        return "(CASE \(column) \(cases) ELSE 0 END)"
    }

    /// A claim's condition for `minimumPriority` (nothing for 0), as literal
    /// SQL so that the urgent lane's claims are planned as a range of the
    /// claim index (migration 0031).
    static func atLeast(_ minimumPriority: Int) -> String {
        minimumPriority > 0 ? "AND priority >= \(minimumPriority)" : ""
    }

    /// The express lane's pushes (`ClaimedDelivery.isExpress`: calls, and
    /// urgent pushes not a fan-out's). A claim leaving those due after a
    /// time binds a flag (false: none left) and the time beside it, so
    /// that the statement's text is the same either way.
    static let isExpress = "priority >= \(DeliveryPriority.urgent) AND (purpose = '\(DeliveryPurpose.call.rawValue)' OR NOT bulk)"

    /// A claim's condition leaving the bulk pushes to `platforms` (nothing
    /// when none): literal SQL from the platforms' own names, so that a
    /// claim withholding nothing is the statement it always was.
    static func withholdingBulk(of platforms: Set<Platform>) -> String {
        guard !platforms.isEmpty else { return "" }
        let names = platforms.map(\.rawValue).sorted().map { "'\($0)'" }.joined(separator: ", ")
        return "AND NOT (bulk AND platform IN (\(names)))"
    }
}
