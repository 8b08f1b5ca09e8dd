import Foundation

/// What a person's subscriptions must become (issue 41), decided over
/// values: the services their teams subscribe them to (at joining: every
/// team subscription; always: the mandatory ones), and no private service
/// they hold no role of. The store applies the changes as they are.
public enum SubscriptionPlan {
    /// The changes to make: `true` subscribes, `false` unsubscribes.
    /// `subscribed`: what they hold now; `joined`: the team subscriptions
    /// of the teams they just joined; `mandatory`: every mandatory one of
    /// their teams; `privateServices`: every private service; `roles`: the
    /// services they hold a role of. Private wins: a team's subscription
    /// never reaches someone who may not see the service.
    public static func changes(
        subscribed: Set<UUID>, joined: [TeamSubscription], mandatory: [TeamSubscription], privateServices: Set<UUID>, roles: Set<UUID>, isAdmin: Bool
    ) -> [UUID: Bool] {
        func visible(_ service: UUID) -> Bool {
            PrivateServiceRule.sees(isPrivate: privateServices.contains(service), holdsRole: roles.contains(service), isAdmin: isAdmin)
        }
        var changes: [UUID: Bool] = [:]
        for rule in joined + mandatory where !subscribed.contains(rule.serviceID) && visible(rule.serviceID) {
            changes[rule.serviceID] = true
        }
        for service in subscribed where !visible(service) {
            changes[service] = false
        }
        return changes
    }

    /// The services whose filter a person must lose: those their teams must
    /// receive (a filter would hide part of what is mandatory).
    public static func filtersToDrop(filtered: Set<UUID>, mandatory: [TeamSubscription]) -> Set<UUID> {
        filtered.intersection(mandatory.filter(\.mandatory).map(\.serviceID))
    }

    /// Why a filter on `service` is refused: a team that must receive all of it; nil: it may be filtered.
    public static func refusal(filtering service: UUID, rules: [TeamSubscription]) -> String? {
        rules.first { $0.serviceID == service && $0.mandatory }.map {
            "Your team \($0.teamName) must receive all of this service: a filter would hide some of it"
        }
    }

    /// Why leaving `service` is refused: the team that makes it mandatory; nil: it may be left.
    public static func refusal(leaving service: UUID, rules: [TeamSubscription]) -> String? {
        rules.first { $0.serviceID == service && $0.mandatory }.map { "Your team \($0.teamName) must receive this service: it cannot be left" }
    }
}
