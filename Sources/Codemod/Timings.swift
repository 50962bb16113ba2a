// Where a run spends its time (`--timings`): the wall and CPU time of each phase, and for
// each rule the time its checks took, summed over files and jobs.
import Foundation

/// A shared account of time, filled by the engine and the phases of a run. Recording is
/// cheap (a lock per file and rule, only when the run asks for timings) and never changes
/// what the run does.
public final class Timings: @unchecked Sendable {
    /// One rule's account: the time of `findings` over every file and round (the one
    /// search of a file for all the rules' `neededWords` is in no rule's), the files it
    /// was given, those that held its words and it checked in full, and the findings it
    /// returned.
    public struct RuleEntry: Sendable, Equatable {
        public var seconds = 0.0
        public var searched = 0
        public var checked = 0
        public var findings = 0
    }

    /// A point in time: the monotonic clock and the CPU time the process has used (all
    /// threads), so a phase shows how many cores it kept busy.
    public struct Mark: Sendable {
        public var wall: Double
        public var cpu: Double
    }

    private let lock = NSLock()
    private var phases: [(name: String, seconds: Double, cpuSeconds: Double?)] = []
    private var rules: [String: RuleEntry] = [:]

    public init() {}

    /// The monotonic clock, in seconds.
    public static func now() -> Double { seconds(on: CLOCK_MONOTONIC) }

    /// The monotonic clock and the process's CPU time, now.
    public static func mark() -> Mark {
        Mark(wall: now(), cpu: seconds(on: CLOCK_PROCESS_CPUTIME_ID))
    }

    private static func seconds(on clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Adds `seconds` (and `cpuSeconds`, when measured) to the phase `name` (phases are
    /// listed in the order first recorded).
    public func record(phase name: String, seconds: Double, cpuSeconds: Double? = nil) {
        lock.withLock {
            if let index = phases.firstIndex(where: { $0.name == name }) {
                phases[index].seconds += seconds
                if let cpuSeconds { phases[index].cpuSeconds = (phases[index].cpuSeconds ?? 0) + cpuSeconds }
            } else {
                phases.append((name, seconds, cpuSeconds))
            }
        }
    }

    /// Adds the time since `start` to the phase `name`, and starts the next phase now.
    public func lap(_ name: String, since start: inout Mark) {
        let now = Timings.mark()
        record(phase: name, seconds: now.wall - start.wall, cpuSeconds: now.cpu - start.cpu)
        start = now
    }

    /// Adds one file's (or round's) account of each rule.
    public func record(rules entries: [(id: String, entry: RuleEntry)]) {
        lock.withLock {
            for (id, entry) in entries {
                var sum = rules[id] ?? RuleEntry()
                sum.seconds += entry.seconds
                sum.searched += entry.searched
                sum.checked += entry.checked
                sum.findings += entry.findings
                rules[id] = sum
            }
        }
    }

    /// The phases, in the order first recorded: wall time, and CPU time summed over threads
    /// when measured.
    public var phaseTimes: [(name: String, seconds: Double, cpuSeconds: Double?)] { lock.withLock { phases } }

    /// The rules' accounts, slowest first (ties by id).
    public var ruleTimes: [(id: String, entry: RuleEntry)] {
        lock.withLock {
            rules.map { (id: $0.key, entry: $0.value) }.sorted {
                $0.entry.seconds != $1.entry.seconds ? $0.entry.seconds > $1.entry.seconds : $0.id < $1.id
            }
        }
    }

    /// The report printed after the summary: phases as wall time, rules as time summed over
    /// jobs, each with its share of the rules' total.
    public func text(totalSeconds: Double, totalCPUSeconds: Double? = nil) -> String {
        func milliseconds(_ seconds: Double) -> String {
            let text = String(format: "%.1f", seconds * 1000)
            return String(repeating: " ", count: max(0, 9 - text.count)) + text
        }
        // CPU time over wall time: how many cores the phase kept busy on average.
        func cpu(_ cpuSeconds: Double?, _ seconds: Double) -> String {
            guard let cpuSeconds else { return "" }
            let cores = seconds > 0 ? String(format: "  (%.2f cores)", cpuSeconds / seconds) : ""
            return milliseconds(cpuSeconds) + cores
        }
        var lines = ["timings: phases (wall time, ms; CPU time of all threads, ms)"]
        let phases = phaseTimes
        let width = max(5, phases.map(\.name.count).max() ?? 0)
        for (name, seconds, cpuSeconds) in phases {
            lines.append("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + milliseconds(seconds) + cpu(cpuSeconds, seconds))
        }
        lines.append("  " + "total".padding(toLength: width, withPad: " ", startingAt: 0) + milliseconds(totalSeconds)
                     + cpu(totalCPUSeconds, totalSeconds))
        let rules = ruleTimes
        guard !rules.isEmpty else { return lines.joined(separator: "\n") }
        let sum = rules.reduce(0) { $0 + $1.entry.seconds }
        lines.append("timings: rules (time summed over files and jobs, ms; an analysis rules share is counted in the first rule that asks for it)")
        let idWidth = rules.map(\.id.count).max() ?? 0
        for (id, entry) in rules {
            let share = sum > 0 ? String(format: "%5.1f%%", entry.seconds / sum * 100) : "    -"
            lines.append("  " + id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + milliseconds(entry.seconds)
                         + "  " + share + "  checked \(entry.checked) of \(entry.searched) files, \(entry.findings) \(entry.findings == 1 ? "finding" : "findings")")
        }
        lines.append("  " + "all rules".padding(toLength: idWidth, withPad: " ", startingAt: 0) + milliseconds(sum))
        return lines.joined(separator: "\n")
    }
}
