import HeraldCore

/// The delivery queue's SQL pieces the stores share: the claims'
/// conditions. (A push's priority is decided in Swift, `DeliveryPriority`,
/// and stored with it; claims serve the highest first.)
enum QueueSQL {
    /// A claim's condition for `minimumPriority` (nothing for 0), as literal
    /// SQL so that the urgent lane's claims are planned as a range of the
    /// claim index (migration 0031).
    static func atLeast(_ minimumPriority: Int) -> String {
        minimumPriority > 0 ? "AND priority >= \(minimumPriority)" : ""
    }

    /// The express lane's pushes (`ClaimedDelivery.isExpress`: calls, and
    /// urgent pushes not a fan-out's). A claim leaving those due after a
    /// time binds a flag (false: none left) and the time beside it, so
    /// that the statement's text is the same either way. Only those queued
    /// since are left (the express lane was woken for them): one that
    /// falls due later than it was queued (a contact method's step, a
    /// retry) wakes nobody, and the main lane takes it at once.
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
