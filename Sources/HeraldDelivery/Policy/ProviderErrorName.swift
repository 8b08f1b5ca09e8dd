/// An error name a provider sends (APNs' reason, FCM's error code): the
/// known ones as cases, any other kept verbatim, so that a new name Apple or
/// Google starts sending is logged and stored as it came.
public protocol ProviderErrorName: Hashable, Sendable, CustomStringConvertible {
    /// The names Herald knows, as the provider spells them.
    static var byName: [String: Self] { get }
    static func unknown(_ name: String) -> Self
    /// The name of an `unknown` value; nil for the known ones.
    var unknownName: String? { get }
}

extension ProviderErrorName {
    public init(rawValue: String) {
        self = Self.byName[rawValue] ?? .unknown(rawValue)
    }

    /// The name as the provider sent it. (A known name is found by a walk
    /// of the short table: only error answers need it.)
    public var rawValue: String {
        unknownName ?? Self.byName.first { $0.value == self }?.key ?? ""
    }

    public var description: String { rawValue }
}
