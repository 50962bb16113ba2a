// The switch that turns speed mechanisms off one by one, so that a benchmark can weigh
// each against the others in one build (`BENCH_MECHANISMS=1 scripts/bench`). A measuring
// aid, never a setting: every mechanism is on unless `BODYWORK_DISABLE` names it, and none
// changes what a run finds, fixes or prints.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A mechanism that makes a run faster or smaller without changing what it computes. Each
/// stays while the bench shows it gains more than 2% of a run's CPU or wall time or of its
/// peak memory (`--check --no-cache` on a 6 MB corpus with one job and two, and on
/// IceCubesApp, each off against all on, runs in turn).
public enum Mechanism: String, CaseIterable, Sendable {
    /// `HelperThreads`: threads made once and reused by every phase. Off, a thread per
    /// piece of work: 8 to 10% more peak memory with two jobs.
    /// `HeapTuning`: the heap grown in large steps over huge pages. Off: 2 to 12% more CPU
    /// time (most on IceCubesApp), but 4 to 9% less peak memory.
    /// `ExitReclaim`: a run's trees and indexes left for the exit to free. Off: about 3%
    /// more CPU time on the corpus with two jobs.
    /// `ByteSearch` anchored on a word's least common byte (`anchors`). Off (anchored on
    /// its first): 2 to 4.6% more CPU time.
    /// `Rule.neededWords` (`prefilter`): files without a rule's words skip the rule. Off:
    /// 13 to 18% more CPU time.
    /// `TreePrefetch` (`readahead`): with two jobs, the files found are parsed while git,
    /// the plan and the project model run. Off: 9 to 16% more wall time on IceCubesApp
    /// (a quiet machine; on a loaded one the helper has no idle processor to run on).
    /// `ProjectIndex.Folding.finish(aside:)` (`foldahead`): with two jobs, the run's table
    /// of names is built on a helper while the views are merged. Off: about 4% more wall
    /// time on IceCubesApp.
    /// `SpinningCondition` (`spin`): the run's locks spin briefly before they sleep, and
    /// `waitLookingFirst` with the helpers' own queue (`lookout`): a thread about to wait
    /// looks for work first. Off, each: 2 to 4% more wall time on IceCubesApp with two
    /// jobs (a quiet machine).
    /// `ProcessorPlacement` (`placement`, also `BODYWORK_NO_PLACEMENT`): each thread kept on
    /// a processor of its own where the machine has room. Off: within the noise on a
    /// quiet machine (1.01x wall on IceCubesApp); weighed again before it goes.
    case helpers, heap, reclaim, anchors, prefilter, readahead, foldahead, spin, lookout, placement

    /// Whether the mechanism is on: unless `BODYWORK_DISABLE` (a comma-separated list of
    /// names, read once) names it.
    public var isOn: Bool { !Mechanism.disabled.contains(self) }

    private static let disabled: Set<Mechanism> = {
        guard let value = getenv("BODYWORK_DISABLE") else { return [] }
        return Set(String(cString: value).split(separator: ",").compactMap { Mechanism(rawValue: String($0)) })
    }()
}
