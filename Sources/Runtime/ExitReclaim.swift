// What a run leaves for the process's exit to reclaim: freeing its trees, indexes and
// reports object by object took longer than printing the summary (37 ms of a 0.38 s run
// on 424 files), and the process ends right after the command anyway. Measured
// (`BODYWORK_DISABLE=reclaim`): freeing them by hand cost about 3% of a run's CPU time on a
// 6 MB corpus with two jobs.

/// Values kept alive until the process exits. `CommandLineEntry.main` always exits after
/// the command it ran, so nothing kept here is ever freed by hand.
public enum ExitReclaim {
    /// Written only from the main thread, after the run's workers have finished.
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` until the process exits.
    public static func keep(_ values: Any...) {
        guard Mechanism.reclaim.isOn else { return }
        kept.append(contentsOf: values)
    }
}
