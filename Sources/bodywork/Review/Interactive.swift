// `--interactive`: the run as `git add -p` does it, but fix by fix, so an answer never
// splits a fix. Files go one at a time on the calling thread, since every fix waits for an answer.
import Codemod
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Patch
import SwiftCST

/// Shows each fix (its rule, its message and all its hunks), asks whether to apply it, and
/// writes exactly the accepted fixes.
struct InteractiveReview {
    let options: RunOptions
    let console: Console
    let processor: FileProcessor
    let color: Bool

    static let prompt = "Apply this fix? [y,n,a,d,q,?] "
    static let help = """
        y - apply this fix
        n - do not apply this fix
        a - apply this fix and all remaining fixes in this file
        d - do not apply this fix nor any remaining fix in this file
        q - quit; fixes accepted so far are written (Ctrl-D too)
        Ctrl-C - stop; this file is left as it was, files done before stay written
        ? - print this help
        """
    /// Why a fix the user turned down is not in the output.
    static let declined = "declined in --interactive"
    /// Why a fix that needs other fixes first is not in the output.
    static let dependent = "needs other fixes applied first; run again to review it"

    private enum Answer { case yes, no, allInFile, noneInFile, quit, interrupt }

    /// Goes through the planned files until they end or the user quits.
    func run(_ plan: RunPlan, totals: inout RunTotals, patch: PatchFileWriter?) {
        let keys = KeyReader()
        for file in plan.files {
            var work = processor.run(file.path, settings: plan.settings[file.settingsIndex])
            if let reason = work.report.skipReason {
                console.message("bodywork: \(FilePath.shown(file.path)): \(reason) (skipped)")
            }
            guard let outcome = work.outcome, outcome.changed else {
                totals.add(work.report)
                continue
            }
            let fixes = FileFixes(outcome)
            var accepted = Set<Int>()
            var quit = false
            var remainingAnswer: Answer?
            let converter = SourceLocationConverter(outcome.original)
            console.write(UnifiedDiff.header(path: file.path, color: color))
            for number in fixes.candidates.indices {
                let answer = remainingAnswer
                    ?? ask(about: fixes, number: number, path: file.path, converter: converter, keys: keys)
                switch answer {
                case .yes: accepted.insert(number)
                case .no: break
                case .allInFile: accepted.insert(number); remainingAnswer = .yes
                case .noneInFile: remainingAnswer = .no
                case .quit: quit = true
                case .interrupt: quit = true; accepted = []
                }
                if quit { break }
            }
            let reason = { (candidate: Int?) in candidate == nil ? InteractiveReview.dependent : InteractiveReview.declined }
            var output = fixes.output(accepting: accepted)
            if output == nil {
                console.message("bodywork: \(file.path): the accepted fixes together add a parse error; the file is left as it was")
                accepted = []
                output = outcome.original
            }
            let written = output!
            work.report = fixes.report(work.report, accepting: accepted, output: written, reason: reason)
            if written != outcome.original {
                FileProcessor.write(&work, bytes: written)
                if let error = work.report.writeError { console.message("bodywork: \(error)") }
                if work.report.written {
                    let applied = fixes.outcome(accepting: accepted, output: written, reason: reason)
                    patch?.write(HunkRules.render(applied, path: FilePath.inPatch(file.path), context: options.contextLines))
                }
            }
            if work.report.writeError != nil {
                // Nothing reached the disk: no fix of this file counts as applied.
                work.report = fixes.report(work.report, accepting: [], output: outcome.original, reason: { _ in "not written" })
            }
            totals.add(work.report)
            if quit { break }
        }
        console.flush()
    }

    private func ask(about fixes: FileFixes, number: Int, path: String, converter: SourceLocationConverter,
                     keys: KeyReader) -> Answer {
        let finding = fixes.finding(number)
        let location = converter.location(of: finding.range.lowerBound)
        var heading = "\(path):\(location.line):\(location.column): \(finding.ruleID): \(finding.message)"
        if let summary = finding.fix?.summary, !summary.isEmpty { heading += " (\(summary))" }
        console.write(paint(heading, code: "1") + "\n")
        // The whole fix: every hunk of the diff it makes on its own.
        let alone = fixes.output(accepting: [number]) ?? fixes.outcome.original
        for hunk in UnifiedDiff.hunks(old: fixes.outcome.original, new: alone, context: options.contextLines) {
            console.write(UnifiedDiff.renderHunk(hunk, color: color, label: finding.ruleID))
        }
        while true {
            // Keys are read raw from before the prompt shows, so a key pressed on seeing it
            // is never taken by the terminal (Ctrl-C as a signal).
            let raw = keys.enterRawMode()
            console.write(paint("(\(number + 1)/\(fixes.candidates.count)) ", code: "2") + InteractiveReview.prompt)
            console.flush()
            let answer = keys.next()
            keys.leave(raw)
            guard let key = answer else {
                console.write("\n")
                return .quit
            }
            if key == KeyReader.interrupt {
                console.write("^C\n")
                return .interrupt
            }
            console.write("\(key)\n")
            switch key {
            case "y": return .yes
            case "n": return .no
            case "a": return .allInFile
            case "d": return .noneInFile
            case "q": return .quit
            default: console.write(paint(InteractiveReview.help, code: "31") + "\n")
            }
        }
    }

    private func paint(_ text: String, code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Single-key answers from the terminal on standard input: no Return needed, nothing
/// echoed; Ctrl-D (or the end of input) ends the answers and Ctrl-C comes back as
/// `KeyReader.interrupt`. Whitespace between answers is skipped, so typed-ahead
/// lines such as `y⏎n⏎` read as `y`, `n`. The terminal is in that mode only while a
/// question waits for its key.
struct KeyReader {
    /// What `next()` returns for Ctrl-C.
    static let interrupt: Character = "\u{03}"

    /// Switches the terminal to single keys; returns the settings to give back to `leave`,
    /// nil when standard input is not a terminal.
    func enterRawMode() -> termios? {
        var saved = termios()
        guard isatty(0) == 1, tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return tcsetattr(0, TCSANOW, &raw) == 0 ? saved : nil
    }

    /// Puts the terminal back as `enterRawMode` found it.
    func leave(_ saved: termios?) {
        guard var saved else { return }
        tcsetattr(0, TCSANOW, &saved)
    }

    /// The next answer key, lowercased; nil at end of input or Ctrl-D.
    func next() -> Character? {
        while true {
            var byte: UInt8 = 0
            let count = read(0, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return nil }
            switch byte {
            case 0x03: return KeyReader.interrupt
            case 0x04: return nil
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return Character(Unicode.Scalar(byte)).lowercased().first
            }
        }
    }
}
