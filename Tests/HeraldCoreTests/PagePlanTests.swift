import Foundation
import HeraldCore
import Testing

/// How a page reaches people (issue 41), decided in plain Swift: a rota's
/// page calls the person on call, then every other member once, in the
/// rota's order from the one after them; who may page is a role.
@Suite("Page plan")
struct PagePlanTests {
    static let start = ISO8601DateFormatter().date(from: "2026-11-30T08:00:00Z")!
    static let (ann, bob, cid, dan): (UserID, UserID, UserID, UserID) = (1, 2, 3, 4)

    static func rota(overrides: [StoredRota.Override] = []) -> StoredRota {
        StoredRota(
            id: 7, name: "RF", members: [ann, bob, cid, dan], rotation: .days(1), zone: NamedTimeZone(TimeZone(identifier: "UTC")!), start: start,
            overrides: overrides, names: [ann: "ann", bob: "bob", cid: "cid", dan: "dan"]
        )
    }

    @Test func aRotasPageCallsWhoeverIsOnCallThenTheOthersInTurnFromTheNextOne() {
        // Day 3: cid is on call; then dan, ann, bob.
        let now = Self.start.addingTimeInterval(2 * 86_400 + 60)
        let policy = PagePlan.rotaPolicy(Self.rota(), now: now, wait: 120)
        #expect(policy.steps.map(\.targets) == [[.user(Self.cid)], [.user(Self.dan)], [.user(Self.ann)], [.user(Self.bob)]])
        #expect(policy.steps.allSatisfy { $0.waitSeconds == 120 })
        #expect(policy.repeats == 1)
        #expect(policy.escalates(.info) && policy.escalates(.critical), "a page of any severity escalates")
        #expect(!policy.escalates(nil))
    }

    @Test func someoneCoveringIsCalledFirstAndTheScheduledPersonStillGetsTheirTurn() {
        let now = Self.start.addingTimeInterval(60)
        let cover = StoredRota.Override(id: 1, userID: Self.cid, from: Self.start, until: Self.start.addingTimeInterval(3_600))
        let policy = PagePlan.rotaPolicy(Self.rota(overrides: [cover]), now: now)
        // cid covers ann's day: cid first, then from the turn after ann's (bob), cid not again, ann last.
        #expect(policy.steps.map(\.targets) == [[.user(Self.cid)], [.user(Self.bob)], [.user(Self.dan)], [.user(Self.ann)]])
        #expect(PagePlan.rotaResponders(Self.rota(overrides: [cover]), now: now) == [Self.ann, Self.bob, Self.cid, Self.dan])
    }

    @Test func beforeTheRotaStartsEveryMemberIsCalledInOrderWithNoWaitWasted() {
        let policy = PagePlan.rotaPolicy(Self.rota(), now: Self.start.addingTimeInterval(-60))
        #expect(policy.steps.map(\.targets) == [[.user(Self.ann)], [.user(Self.bob)], [.user(Self.cid)], [.user(Self.dan)]])
    }

    @Test func aMemberListedTwiceIsCalledOnceAndTheTurnDecidesWhoFollows() {
        var rota = Self.rota()
        rota.members = [Self.ann, Self.bob, Self.ann, Self.cid]
        // Day 3: the second ann's turn; cid follows, then bob (ann not again).
        let policy = PagePlan.rotaPolicy(rota, now: Self.start.addingTimeInterval(2 * 86_400 + 60))
        #expect(policy.steps.map(\.targets) == [[.user(Self.ann)], [.user(Self.cid)], [.user(Self.bob)]])
    }

    @Test func aPageNamesNoMoreThanTheCallsAllowed() {
        let now = Self.start.addingTimeInterval(60)
        #expect(PagePlan.rotaPolicy(Self.rota(), now: now, maximumCalls: 8).repeats == 1, "4 people twice: 8 calls")
        let five = PagePlan.rotaPolicy(Self.rota(), now: now, maximumCalls: 5)
        #expect(five.steps.count == 4 && five.repeats == 0, "not twice: once through")
        let two = PagePlan.rotaPolicy(Self.rota(), now: now, maximumCalls: 2)
        #expect(two.steps.map(\.targets) == [[.user(Self.ann)], [.user(Self.bob)]] && two.repeats == 0)
        #expect(two.maximumCalls <= 2)
    }

    @Test func aRotasPageWaitsAsItsPageServiceSaysAndNeverBelowTheSitesShortest() {
        #expect(PagePlan.rotaWait(current: nil, minimumWait: 30) == PagePlan.rotaWaitSeconds)
        let own = EscalationPolicy(steps: [EscalationPolicy.Step(targets: [.user(Self.ann)], waitSeconds: 8)])
        #expect(PagePlan.rotaWait(current: own, minimumWait: 1) == 8)
        #expect(PagePlan.rotaWait(current: own, minimumWait: 30) == 30)
        #expect(PagePlan.rotaWait(current: own, minimumWait: 0) == 8)
    }

    @Test func respondersFollowTheRotaAndAPastOverrideNoLongerCounts() {
        let now = Self.start.addingTimeInterval(7_200)
        let past = StoredRota.Override(id: 1, userID: 99, from: Self.start, until: Self.start.addingTimeInterval(3_600))
        let wanted = PagePlan.rotaResponders(Self.rota(overrides: [past]), now: now)
        #expect(wanted == [Self.ann, Self.bob, Self.cid, Self.dan])
        let changes = PagePlan.responderChanges(current: [Self.ann, 99, 42], wanted: wanted)
        #expect(changes.grant == [Self.bob, Self.cid, Self.dan])
        #expect(changes.revoke == [99, 42])
    }

    @Test func aPageSaysWhoSentItAndKeepsTheirWords() {
        let draft = PagePlan.draft(PageRequest(title: "RF trip", severity: .major, message: "Klystron 3"), from: "carol")
        #expect(draft.title == "RF trip" && draft.severity == .major)
        #expect(draft.subtitle == "Klystron 3\nPaged by carol")
        #expect(PagePlan.draft(PageRequest(title: "x"), from: "carol").subtitle == "Paged by carol")
        let service = PagePlan.serviceDraft(for: .team(3), named: String(repeating: "n", count: 300))
        #expect(service.isPrivate && service.category.count == 100 && service.category.hasPrefix("Page team "))
    }

    @Test func whoMayPageIsARole() {
        let service = UUID()
        let user = User(id: 5, username: "carol", isActive: true, isAdmin: false)
        func actor(_ roles: [UUID: Set<ServiceRole>] = [:], rotas: Set<Int64> = [], admin: Bool = false, confined: Bool = false) -> Actor {
            var account = user
            account.isAdmin = admin
            return Actor(user: account, isConfined: confined, grants: AccessGrants(roles: roles, rotas: rotas))
        }
        #expect(AccessPolicy.decide(actor(admin: true), .page(.team(1), service: nil)).isAllowed)
        #expect(!AccessPolicy.decide(actor(admin: true, confined: true), .page(.team(1), service: nil)).isAllowed, "the demo account never pages")
        #expect(!AccessPolicy.decide(actor(), .page(.team(1), service: service)).isAllowed)
        #expect(AccessPolicy.decide(actor([service: [.publisher]]), .page(.team(1), service: service)).isAllowed)
        #expect(AccessPolicy.decide(actor([service: [.owner]]), .page(.team(1), service: service)).isAllowed, "an owner is a publisher too")
        #expect(!AccessPolicy.decide(actor([service: [.responder]]), .page(.team(1), service: service)).isAllowed, "answering pages is not sending them")
        #expect(!AccessPolicy.decide(actor([UUID(): [.publisher]]), .page(.team(1), service: service)).isAllowed, "another service's publisher")
        #expect(AccessPolicy.decide(actor(rotas: [7]), .page(.rota(7), service: nil)).isAllowed, "a rota's owner pages it")
        #expect(!AccessPolicy.decide(actor(rotas: [7]), .page(.rota(8), service: nil)).isAllowed)
        #expect(!AccessPolicy.decide(actor(rotas: [7]), .page(.team(7), service: nil)).isAllowed, "a rota's id is not a team's")
    }
}
