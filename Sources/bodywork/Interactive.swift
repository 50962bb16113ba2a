// `--interactive`: the run as `git add -p` does it, hunk by hunk. Files go one at a time
// on the calling thread, since every hunk waits for an answer.
import Codemod
import Patch

/// Asks about every hunk and writes the accepted ones with `UnifiedDiff.apply`.
struct InteractiveReview {
    let options: RunOptions
    let console: Console
    let processor: FileProcessor
    let color: Bool

    static let prompt = "Apply this hunk? [y,n,a,d,q,?] "
    static let help = """
        y - apply this hunk
        n - do not apply this hunk
        a - apply this hunk and all remaining hunks in this file
        d - do not apply this hunk nor any remaining hunk in this file
        q - quit; hunks accepted so far are written
        ? - print this help
        """

    private enum Answer { case yes, no, allInFile, noneInFile, quit }

    /// Goes through the planned files until they end or the user quits.
    func run(_ plan: RunPlan, totals: inout RunTotals, patch: PatchFileWriter?) {
        for file in plan.files {
            var work = processor.run(file.path, settings: plan.settings[file.settingsIndex])
            if let reason = work.report.skipReason {
                console.message("bodywork: \(FilePath.shown(file.path)): \(reason) (skipped)")
            }
            guard let outcome = work.outcome, outcome.changed else {
                totals.add(work.report)
                continue
            }
            let hunks = UnifiedDiff.hunks(old: outcome.original, new: outcome.output, context: options.contextLines)
            var accepted = Set<Int>()
            var quit = false
            var remainingAnswer: Answer?
            console.write(paint("--- a/\(file.path)\n+++ b/\(file.path)\n", code: "1"))
            for (index, hunk) in hunks.enumerated() {
                let answer = remainingAnswer ?? ask(about: hunk, number: index + 1, of: hunks.count)
                switch answer {
                case .yes: accepted.insert(index)
                case .no: break
                case .allInFile: accepted.insert(index); remainingAnswer = .yes
                case .noneInFile: remainingAnswer = .no
                case .quit: quit = true
                }
                if quit { break }
            }
            if !accepted.isEmpty {
                let newBytes = UnifiedDiff.apply(hunks, accepted: accepted, to: outcome.original)
                FileProcessor.write(&work, bytes: newBytes)
                if let error = work.report.writeError { console.message("bodywork: \(error)") }
                if work.report.written {
                    patch?.write(UnifiedDiff.render(old: outcome.original, new: newBytes, path: FilePath.inPatch(file.path),
                                                    context: options.contextLines))
                }
            }
            totals.add(work.report)
            if quit { break }
        }
        console.flush()
    }

    private func ask(about hunk: Hunk, number: Int, of count: Int) -> Answer {
        console.write(render(hunk))
        while true {
            console.write(paint("(\(number)/\(count)) ", code: "2") + InteractiveReview.prompt)
            console.flush()
            guard let line = readLine(strippingNewline: true) else {
                console.write("\n")
                return .quit
            }
            switch line.trimmingSpaces().lowercased() {
            case "y", "yes": return .yes
            case "n", "no": return .no
            case "a": return .allInFile
            case "d": return .noneInFile
            case "q", "quit": return .quit
            default: console.write(paint(InteractiveReview.help, code: "31") + "\n")
            }
        }
    }

    /// The hunk as it appears in a unified diff.
    private func render(_ hunk: Hunk) -> [UInt8] {
        var out = Array(paint("@@ -\(hunk.oldStart),\(hunk.oldCount) +\(hunk.newStart),\(hunk.newCount) @@", code: "36").utf8)
        out.append(UInt8(ascii: "\n"))
        for line in hunk.lines {
            var text = line
            if text.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
            switch line.first {
            case UInt8(ascii: "-") where color: out += Array("\u{1B}[31m".utf8) + text.dropLast() + Array("\u{1B}[0m\n".utf8)
            case UInt8(ascii: "+") where color: out += Array("\u{1B}[32m".utf8) + text.dropLast() + Array("\u{1B}[0m\n".utf8)
            default: out += text
            }
        }
        return out
    }

    private func paint(_ text: String, code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
