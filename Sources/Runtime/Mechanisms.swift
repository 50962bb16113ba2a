// The switch that turns speed mechanisms off one by one, so that a benchmark can weigh
// each against the others in one build. A measuring aid, never a setting: every
// mechanism is on unless `BODYWORK_DISABLE` names it, and none changes what a run finds,
// fixes or prints.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mechanism that makes a run faster or smaller without changing what it computes.
public enum Mechanism: String, CaseIterable, Sendable {
    case helpers, heap, reclaim, anchors, prefilter

    /// Whether the mechanism is on: unless `BODYWORK_DISABLE` (a comma-separated list of
    /// names, read once) names it.
    public var isOn: Bool { !Mechanism.disabled.contains(self) }

    private static let disabled: Set<Mechanism> = {
        guard let value = getenv("BODYWORK_DISABLE") else { return [] }
        return Set(String(cString: value).split(separator: ",").compactMap { Mechanism(rawValue: String($0)) })
    }()
}
