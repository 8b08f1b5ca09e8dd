import Foundation
import HeraldCore
import HeraldUseCases

/// The escalation page's form (issue 39): every step and every target of
/// the policy, as stored or as the admin typed it, plus one empty step and
/// one empty target per step to add to (no script needed). A step is
/// `step<i>.wait` with targets `step<i>.target<j>` (none, `subscribers`,
/// `user` or `rota:<id>`) and `step<i>.username<j>`; a target left on none
/// without a username is empty and left out, as is a step with no target,
/// so saving keeps exactly what is shown and nothing else. What the form
/// means is decided by `EscalationPolicies`, as for the API.
struct EscalationForm {
    struct Slot {
        /// `none`, `subscribers`, `user` or `rota:<id>`.
        var choice: String
        var username: String

        static let empty = Slot(choice: "none", username: "")

        /// What the slot calls; nil when it is empty (or names no known kind).
        var target: EscalationPolicies.TargetInput? {
            switch choice {
            case "subscribers": return .subscribers
            case "user": return .user(username: username)
            case let rota where rota.hasPrefix("rota:"): return Int64(rota.dropFirst(5)).map { .rota(id: $0) }
            // A username typed without choosing "A person" still means that person.
            default: return username.isEmpty ? nil : .user(username: username)
            }
        }
    }

    struct Row {
        /// As typed (a number, or whatever came: the use case says what is wrong).
        var wait: String
        var slots: [Slot]
    }

    static let defaultWait = "300"

    var rows: [Row]
    var repeats: String
    var minimum: String

    /// The stored policy, or an empty form when there is none.
    init(_ shown: EscalationPolicies.Shown?) {
        rows = (shown?.policy.steps ?? []).map { step in
            Row(
                wait: String(step.waitSeconds),
                slots: step.targets.map { target in
                    switch target {
                    case .subscribers: Slot(choice: "subscribers", username: "")
                    case .user(let id): Slot(choice: "user", username: shown?.users[id] ?? "")
                    case .rota(let id): Slot(choice: "rota:\(id)", username: "")
                    }
                }
            )
        }
        repeats = String(shown?.policy.repeats ?? 0)
        minimum = shown?.policy.minimumSeverity.rawValue ?? Severity.critical.rawValue
    }

    /// The posted fields, in step and target order, the empty ones left out.
    init(_ form: [String: String]) {
        var waits: [Int: String] = [:]
        var slots: [Int: [Int: Slot]] = [:]
        for (name, value) in form {
            guard let (step, part) = Self.split(name) else { continue }
            if part == "wait" {
                waits[step] = value.trimmingCharacters(in: .whitespaces)
            } else if let index = Self.number(after: "target", in: part) {
                slots[step, default: [:]][index, default: .empty].choice = value
            } else if let index = Self.number(after: "username", in: part) {
                slots[step, default: [:]][index, default: .empty].username = value.trimmingCharacters(in: .whitespaces)
            }
        }
        rows = slots.keys.sorted().compactMap { step in
            let kept = (slots[step] ?? [:]).sorted { $0.key < $1.key }.map(\.value).filter { $0.target != nil }
            return kept.isEmpty ? nil : Row(wait: waits[step] ?? "", slots: kept)
        }
        repeats = (form["repeats"] ?? "").trimmingCharacters(in: .whitespaces)
        minimum = (form["minimum_severity"] ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// `step3.target1` → (3, "target1").
    private static func split(_ name: String) -> (Int, Substring)? {
        guard name.hasPrefix("step"), let dot = name.firstIndex(of: ".") else { return nil }
        guard let step = Int(name[name.index(name.startIndex, offsetBy: 4)..<dot]), step >= 0 else { return nil }
        return (step, name[name.index(after: dot)...])
    }

    private static func number(after prefix: String, in part: Substring) -> Int? {
        guard part.hasPrefix(prefix), let number = Int(part.dropFirst(prefix.count)), number >= 0 else { return nil }
        return number
    }

    /// The steps for the use case (a wait that is no number is -1, refused there).
    var steps: [EscalationPolicies.StepInput] {
        rows.map { row in EscalationPolicies.StepInput(targets: row.slots.compactMap(\.target), waitSeconds: Int(row.wait) ?? -1) }
    }

    /// The use case's problems in the form's words, in `language`: steps
    /// and targets by their number as the re-rendered form shows them (the
    /// same rows, in the same order).
    static func message(_ problems: [FieldProblem], _ language: Language) -> String {
        problems.map { problem -> String in
            let message = Catalog.message(problem.message, in: language)
            let parts = problem.field.split(separator: ".")
            if parts.first == "steps", parts.count >= 2, let step = Int(parts[1]) {
                if parts.count >= 4, parts[2] == "targets", let target = Int(parts[3]) {
                    return Catalog.text("escalation.problem.target", language, ["step": "\(step + 1)", "target": "\(target + 1)", "message": message])
                }
                return Catalog.text("escalation.problem.step", language, ["step": "\(step + 1)", "message": message])
            }
            switch problem.field {
            case "steps": return message
            case "repeats": return Catalog.text("escalation.problem.repeats", language, ["message": message])
            case "minimum_severity": return Catalog.text("escalation.problem.minimum", language, ["message": message])
            default: return "\(problem.field): \(message)"
            }
        }.joined(separator: "; ")
    }

    /// The page: every row with its targets, one empty target more per
    /// step and one empty step more, within the policy's limits; its words
    /// in `language` (the choices' values stay as the form posts them).
    func page(rotas: [(id: Int64, name: String)], service: EscalationPage.Service, hasPolicy: Bool, error: String?, language: Language) -> EscalationPage {
        var shown = rows
        for index in shown.indices where shown[index].slots.count < EscalationPolicies.maxTargets { shown[index].slots.append(.empty) }
        if shown.count < EscalationPolicies.maxSteps { shown.append(Row(wait: Self.defaultWait, slots: [.empty])) }
        let known = Set(rotas.map { "rota:\($0.id)" })
        let steps = shown.enumerated().map { step, row in
            EscalationPage.Step(
                number: step + 1,
                legend: Catalog.text(step >= rows.count ? "escalation.stepNew" : "escalation.step", language, ["number": "\(step + 1)"]),
                waitField: "step\(step).wait", wait: row.wait, extra: step >= rows.count,
                targets: row.slots.enumerated().map { index, slot in
                    var options: [(String, String)] = [
                        ("none", "—"), ("subscribers", Catalog.text("escalation.target.subscribers", language)),
                        ("user", Catalog.text("escalation.target.user", language)),
                    ]
                    options += rotas.map { ("rota:\($0.id)", Catalog.text("escalation.target.rota", language, ["name": $0.name])) }
                    // A choice the list lacks (a rota since removed) stays shown, so saving cannot drop it unseen.
                    if slot.choice.hasPrefix("rota:"), !known.contains(slot.choice) {
                        options.append((slot.choice, Catalog.text("escalation.target.missing", language, ["id": String(slot.choice.dropFirst(5))])))
                    }
                    return EscalationPage.Target(
                        number: index + 1, targetField: "step\(step).target\(index)", usernameField: "step\(step).username\(index)", username: slot.username,
                        options: options.map { Choice(value: $0.0, label: $0.1, selected: $0.0 == slot.choice) }
                    )
                }
            )
        }
        return EscalationPage(steps: steps, repeats: repeats, minimum: minimum, service: service, hasPolicy: hasPolicy, error: error)
    }
}

/// A service's escalation policy as its form (`EscalationForm.page`).
struct EscalationPage: PageModel {
    struct Target: PageValues {
        var number: Int
        var targetField, usernameField, username: String
        var options: [Choice]
    }

    struct Step: PageValues {
        var number: Int
        /// "Step 2", or "Step 3 (new)" for the empty one to add.
        var legend: String
        var waitField, wait: String
        var extra: Bool
        var targets: [Target]
    }

    struct Service: PageValues {
        var id, name: String
    }

    var steps: [Step]
    var repeats, minimum: String
    var service: Service
    var hasPolicy: Bool
    var error: String?
}
