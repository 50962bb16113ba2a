// The causes `bodywork audit` groups findings by (the performance audit's table of causes),
// the one table saying which rule reports which cause, and how each cause is measured.

/// A cause of slow SwiftUI updates, as the reference performance audit names them.
enum AuditCategory: String, CaseIterable, Sendable {
    case workInBody = "work-in-body"
    case wideDependencies = "wide-dependencies"
    case unstableIdentity = "unstable-identity"
    case variableRowCount = "variable-row-count"
    case eagerContainer = "eager-container"
    case layoutFeedback = "layout-feedback"
    case storedClosure = "stored-closure"
    case images = "images"
    case expensiveRendering = "expensive-rendering"

    /// Rule id → the cause its findings are about. A rule missing here is counted as
    /// work in body (`fallback`): every rule reports something on the render path, and
    /// that is the widest cause. Rules planned but not written yet are listed so that
    /// they land in the right place when they are.
    static let byRule: [String: AuditCategory] = [
        "foreach-filter": .variableRowCount,
        "foreach-identity": .unstableIdentity,
        "formatter-in-body": .workInBody,
        "conditional-modifier": .unstableIdentity,
        "view-if-helper": .unstableIdentity,
        "anyview": .unstableIdentity,
        "onappear-task": .workInBody,
        "unused-environment": .wideDependencies,
        "eager-stack": .eagerContainer,
        "stored-view-builder": .storedClosure,
        "print-changes": .workInBody,
        "object-in-body": .workInBody,
        "state-write-in-body": .wideDependencies,
        "work-in-body": .workInBody,
        "view-init-work": .workInBody,
        "layout-feedback": .layoutFeedback,
    ]

    /// The cause of rules `byRule` does not name.
    static let fallback = AuditCategory.workInBody

    /// The cause of `ruleID`'s findings.
    static func of(ruleID: String) -> AuditCategory { byRule[ruleID] ?? fallback }

    /// The heading used in reports.
    var title: String {
        switch self {
        case .workInBody: return "Work in body"
        case .wideDependencies: return "Dependencies wider than needed"
        case .unstableIdentity: return "Unstable identity"
        case .variableRowCount: return "Variable row counts"
        case .eagerContainer: return "Eager containers"
        case .layoutFeedback: return "Layout feedback"
        case .storedClosure: return "Stored closures"
        case .images: return "Images"
        case .expensiveRendering: return "Expensive rendering"
        }
    }

    /// The measurement that confirms (or clears) a finding of this cause.
    var measurement: String {
        switch self {
        case .workInBody:
            return "SwiftUI instrument: the Long View Body Updates lane (orange above 500 µs, red above 1 ms), "
                + "then the Time Profiler call tree for that range"
        case .wideDependencies:
            return "SwiftUI instrument: Update Groups, then Show Causes on the view to see which property change updates it "
                + "(or `let _ = Self._printChanges()` in a debug build)"
        case .unstableIdentity:
            return "SwiftUI instrument: update counts per view in an update group's summary (rows rebuilt on every update)"
        case .variableRowCount:
            return "the launch argument `-LogForEachSlowPath YES` (logs each ForEach that must build its rows to count them), "
                + "and the Hitches instrument while scrolling"
        case .eagerContainer:
            return "Hangs instrument with Time Profiler while the screen opens, and its peak memory in Allocations"
        case .layoutFeedback:
            return "SwiftUI instrument: the Other Long Updates lane (layout) and update counts while scrolling"
        case .storedClosure:
            return "SwiftUI instrument: Show Causes on the child view, for updates caused by the parent's state"
        case .images:
            return "Allocations (peak memory while scrolling) and Time Profiler (image decoding on the main thread)"
        case .expensiveRendering:
            return "Hitches instrument: render hitches while scrolling or animating"
        }
    }

    /// Launch arguments that make the app log evidence of this cause.
    var launchArguments: [String] {
        self == .variableRowCount ? ["-LogForEachSlowPath", "YES"] : []
    }

    /// The remedy the reference gives.
    var remedy: String {
        switch self {
        case .workInBody: return "compute once in the model when inputs change; use formatted() styles or a shared formatter"
        case .wideDependencies: return "adopt @Observable; pass plain values to leaf views; keep fast-changing values out of the environment"
        case .unstableIdentity: return "Identifiable with a stable id from the data; keep one view and vary its modifiers"
        case .variableRowCount: return "filter the collection before ForEach, so List can count rows without building them"
        case .eagerContainer: return "List, LazyVStack or LazyVGrid, after profiling shows the load cost"
        case .layoutFeedback: return "update state only when a value crosses a threshold; move the dependent view into a small sibling"
        case .storedClosure: return "call the builder in init and store the resulting view"
        case .images: return "thumbnails sized in pixels, prepared off the main actor"
        case .expensiveRendering: return "apply effects to one parent; animate the smallest view that changes"
        }
    }

    /// Whether the cause shows while scrolling rows, so a scrolling test measures it.
    var showsWhileScrolling: Bool {
        switch self {
        case .unstableIdentity, .variableRowCount, .eagerContainer, .images, .layoutFeedback, .expensiveRendering: return true
        case .workInBody, .wideDependencies, .storedClosure: return false
        }
    }
}
