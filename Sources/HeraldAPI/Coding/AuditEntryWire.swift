import HeraldCore

/// An audit entry as the API answers it and `herald audit export` prints
/// it, one per line.
public struct AuditEntryWire: Encodable, Sendable {
    var id: Int64
    var at: String
    var actor: String
    var actor_id: Int64?
    var action: String
    var service_id: String?
    var target: String
    /// The value before and after the change, as JSON text.
    var before: String?
    var after: String?
    var address: String?

    public init(_ entry: AuditEntry) {
        let record = entry.record
        id = entry.id
        at = Timestamp.wireString(record.at)
        actor = record.actorName
        actor_id = record.actorID
        action = record.action.rawValue
        service_id = record.serviceID?.wireString
        target = record.target
        before = record.before
        after = record.after
        address = record.address
    }
}
