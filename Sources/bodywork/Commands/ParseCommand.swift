// `bodywork parse`: the parser's debug entry. It shows the tree or the tokens of a file,
// or parses many files and checks the partition invariant (printing gives back the input).
import Foundation
import SwiftCST

/// Runs `parse [--tree|--tokens|--stats] PATHS…`.
struct ParseCommand {
    let view: ParseView?
    let paths: [String]
    let jobs: Int
    var timing = ParseTiming()
    let console: Console

    func run() -> Int32 {
        let selection = Discovery(respectsGitignore: false).select(paths)
        for problem in selection.problems { console.message("bodywork: \(problem.path): \(problem.reason)") }
        let explicitSingleFile = paths.count == 1 && selection.files == [FilePath.display(paths[0])]
        let view = view ?? (explicitSingleFile ? .tree : .stats)
        var status = selection.problems.isEmpty ? ExitStatus.success : ExitStatus.fileErrors
        switch view {
        case .tree, .tokens:
            for path in selection.files {
                guard let bytes = ParseCommand.read(path) else {
                    console.message("bodywork: \(path): cannot read")
                    status = ExitStatus.fileErrors
                    continue
                }
                if selection.files.count > 1 { console.write("==> \(path) <==\n") }
                let tree = SyntaxTree.parse(bytes)
                console.write(view == .tree ? tree.root.dump() : tree.tokenDump())
                for diagnostic in tree.diagnostics {
                    console.write("diagnostic \(diagnostic.offset)..<\(diagnostic.offset + diagnostic.length): \(diagnostic.message)\n")
                }
                if tree.printed() != bytes {
                    console.message("bodywork: \(path): round-trip failure: the printed tree differs from the input")
                    status = max(status, ExitStatus.checkFailed)
                }
            }
        case .oracle:
            // Every file in argument order, as `scripts/oracle` expects.
            for path in selection.files {
                console.write("== \(path)\n")
                guard let bytes = ParseCommand.read(path) else {
                    console.write("# error: cannot read\n")
                    continue
                }
                console.write(OracleFormat.render(SyntaxTree.parse(bytes)))
            }
        case .stats where timing.repeatCount > 0:
            timed(selection.files)
        case .stats:
            let failures = stats(selection.files)
            if failures > 0 && status == ExitStatus.success { status = ExitStatus.checkFailed }
        }
        return status
    }

    // MARK: - Statistics

    private struct FileStats: Sendable {
        var path: String
        var readable = true
        var bytes = 0
        var tokens = 0
        var nodes = 0
        var diagnostics = 0
        var roundTrips = true
    }

    /// Parses every file, prints the totals, returns the number of round-trip failures.
    private func stats(_ files: [String]) -> Int {
        let start = Console.now()
        let collector = StatsCollector()
        runOrdered(count: files.count, jobs: jobs, work: { index in
            var stats = FileStats(path: files[index])
            guard let bytes = ParseCommand.read(files[index]) else {
                stats.readable = false
                return stats
            }
            let tree = SyntaxTree.parse(bytes)
            stats.bytes = bytes.count
            stats.tokens = tree.tokens.count
            stats.nodes = tree.nodes.count
            stats.diagnostics = tree.diagnostics.count
            stats.roundTrips = tree.printed() == bytes && tree.isPartition
            return stats
        }, emit: { _, stats in collector.add(stats) })
        let seconds = Console.now() - start
        let totals = collector.totals
        for path in totals.unreadable { console.message("bodywork: \(path): cannot read") }
        for path in totals.failures { console.message("bodywork: \(path): round-trip failure") }
        console.write("""
            files: \(totals.files)
            bytes: \(totals.bytes)
            tokens: \(totals.tokens)
            nodes: \(totals.nodes)
            parse diagnostics: \(totals.diagnostics) (in \(plural(totals.filesWithDiagnostics, "file")))
            round-trip failures: \(totals.failures.count)
            time: \(oneDecimal(seconds * 1000)) ms (\(megabytesPerSecond(bytes: totals.bytes, seconds: seconds)))

            """)
        return totals.failures.count
    }

    private struct StatsTotals {
        var files = 0, bytes = 0, tokens = 0, nodes = 0, diagnostics = 0, filesWithDiagnostics = 0
        var failures: [String] = []
        var unreadable: [String] = []
    }

    private final class StatsCollector: @unchecked Sendable {
        private(set) var totals = StatsTotals()
        /// Called one at a time, in file order, by `runOrdered`.
        func add(_ stats: FileStats) {
            guard stats.readable else { totals.unreadable.append(stats.path); return }
            totals.files += 1
            totals.bytes += stats.bytes
            totals.tokens += stats.tokens
            totals.nodes += stats.nodes
            totals.diagnostics += stats.diagnostics
            if stats.diagnostics > 0 { totals.filesWithDiagnostics += 1 }
            if !stats.roundTrips { totals.failures.append(stats.path) }
        }
    }

    // MARK: - Timing

    /// Lexes or parses all files (held in memory) `repeatCount` times on one thread and
    /// prints medians as `key value` lines for `scripts/bench`.
    private func timed(_ files: [String]) {
        let sources = files.compactMap(ParseCommand.read)
        let bytes = sources.reduce(0) { $0 + $1.count }
        let lines = sources.reduce(0) { total, source in total + source.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
        var lexTimes: [Double] = []
        var parseTimes: [Double] = []
        var tokens = 0, nodes = 0, lexedTokens = 0
        for _ in 0..<timing.repeatCount {
            var start = Console.now()
            lexedTokens = 0
            for source in sources {
                lexedTokens += source.withUnsafeBufferPointer { Lexer.tokenize($0).tokens.count }
            }
            lexTimes.append(Console.now() - start)
            guard !timing.lexOnly else { continue }
            start = Console.now()
            tokens = 0
            nodes = 0
            for source in sources {
                let tree = SyntaxTree.parse(source)
                tokens += tree.tokens.count
                nodes += tree.nodes.count
            }
            parseTimes.append(Console.now() - start)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func spread(_ name: String, _ values: [Double]) -> String {
            "\(name)_seconds_median \(median(values))\n\(name)_seconds_min \(values.min() ?? 0)\n\(name)_seconds_max \(values.max() ?? 0)\n"
        }
        var out = "files \(sources.count)\nbytes \(bytes)\nlines \(lines)\n"
        out += spread("lex", lexTimes) + "lex_tokens \(lexedTokens)\n"
        if !timing.lexOnly {
            let treeBytes = tokens * (MemoryLayout<RawToken>.stride + 4) + nodes * MemoryLayout<RawNode>.stride
            out += spread("parse", parseTimes)
            out += "tree_bytes_per_source_byte \(Double(treeBytes) / Double(max(bytes, 1)))\n"
        }
        console.write(out)
    }

    // MARK: - Files

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
