// Why one finding costs, said of its place: how often the code there runs (once per row of
// a lazy list, on every update in body or an initializer, in a helper body calls, once) and
// what each run does. The rule's own documentation says why the pattern costs in general.

/// The "why it costs" text of a finding.
enum AuditCosts {
    /// What each run of the flagged code costs, by rule; a rule not named here has only
    /// its documentation's paragraph.
    static let effects: [String: String] = [
        "formatter-in-body": "each run allocates and configures a new formatter, one of Foundation's costliest objects to make",
        "work-in-body": "each run repeats the work on the main thread before the frame can be drawn",
        "object-in-body": "each run makes a new model object, repeating its setup and losing the state it held",
        "view-init-work": "the work repeats even when nothing the view shows changed",
        "foreach-filter": "to count the rows, SwiftUI builds every one, including those the `if` hides",
        "foreach-identity": "rows without a stable identity are rebuilt and lose their state instead of being updated",
        "conditional-modifier": "when the condition changes, the view gets a new identity, so it is rebuilt and its state reset",
        "view-if-helper": "when the condition changes, the view gets a new identity, so it is rebuilt and its state reset",
        "anyview": "the erased type hides the view's structure, so SwiftUI cannot compare it and rebuilds it instead",
        "eager-stack": "every row is built at once, including rows far off screen",
        "stored-view-builder": "a stored closure cannot be compared, so the container's body runs on every update of its parent",
        "unused-environment": "its body runs again whenever the environment value changes, though nothing reads it",
        "state-write-in-body": "the write invalidates the view during its own update and schedules another one",
        "print-changes": "each run formats and writes a log line",
        "layout-feedback": "a geometry change writes state, which triggers another layout pass",
        "onappear-task": "if the view disappears first, the task keeps loading and writing state nobody sees, "
            + "and each new appearance starts another copy",
    ]

    /// Rules whose cost belongs to the view as a whole (what it depends on, how it is
    /// compared), not to the line the finding points at.
    static let viewWide: Set<String> = ["unused-environment", "stored-view-builder"]

    /// One or two sentences: where the finding is and how often that runs, then what each
    /// run costs.
    static func text(for finding: AuditFinding) -> String {
        let effect = effects[finding.ruleID]
        if viewWide.contains(finding.ruleID), let type = finding.typeName, finding.isView, let effect {
            let rows = finding.place == .row ? ", built once per row" : ""
            return "In `\(type)`\(rows): \(effect)."
        }
        var text = capitalized(finding.placeReason)
        switch finding.place {
        case .row, .body:
            if let effect { text += ": " + effect }
        case .action:
            text += "; it costs once per event" + (effect.map { ": " + $0 } ?? "")
        case .once:
            text += effect.map { "; " + $0 } ?? "; it is not paid on updates"
        case .elsewhere:
            text += "; it costs only when that code runs"
        }
        return text + "."
    }

    private static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
