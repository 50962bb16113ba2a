// Compares bodywork's digest with SwiftParser's, file by file, and prints a summary a
// parser author can act on: counts by line kind and the first differences with snippets.
import Foundation

/// One parsed digest line.
struct DigestLine: Hashable, Comparable {
    var label: String
    var start: Int
    var end: Int

    init?(_ line: Substring) {
        let fields = line.split(separator: " ")
        guard fields.count >= 3, let start = Int(fields[fields.count - 2]), let end = Int(fields[fields.count - 1])
        else { return nil }
        self.label = fields.dropLast(2).joined(separator: " ")
        self.start = start
        self.end = end
    }

    static func < (a: DigestLine, b: DigestLine) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end > b.end }
        return a.label < b.label
    }
}

/// A digest file: per path, its lines or the reason it was skipped.
struct Digest {
    var order: [String] = []
    var lines: [String: [DigestLine]] = [:]
    var skipped: [String: String] = [:]
    var malformed: [String: Int] = [:]

    init(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        var current: String?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("== ") {
                let file = String(line.dropFirst(3))
                current = file
                if lines[file] == nil { order.append(file); lines[file] = [] }
            } else if let file = current {
                if line.hasPrefix("# skipped:") {
                    skipped[file] = String(line.dropFirst(10)).trimmingCharacters(in: .whitespaces)
                } else if line.hasPrefix("#") {
                    continue
                } else if let parsed = DigestLine(line) {
                    lines[file, default: []].append(parsed)
                } else {
                    malformed[file, default: 0] += 1
                }
            }
        }
    }
}

/// Which side a difference is on.
enum DifferenceSide: String {
    case onlyOurs = "only bodywork"
    case onlyTheirs = "only SwiftParser"
}

/// Compares the digest at `oursPath` (bodywork) with the one at `theirsPath` (SwiftParser)
/// and prints the report; returns the exit status (1 on any mismatch).
func compareDigests(oursPath: String, theirsPath: String, maximumShown: Int) -> Int32 {
    let ours = Digest(path: oursPath)
    let theirs = Digest(path: theirsPath)
    var compared = 0, mismatchedFiles = 0, skipped = 0
    var countsByLabel: [String: (ours: Int, theirs: Int)] = [:]
    var shown: [String] = []
    var missingFromOurs: [String] = []

    for file in theirs.order {
        if let reason = theirs.skipped[file] {
            skipped += 1
            if skipped <= 3 { FileHandle.standardError.write(Data("skipped \(file): \(reason)\n".utf8)) }
            continue
        }
        guard let ourLines = ours.lines[file] else {
            missingFromOurs.append(file)
            mismatchedFiles += 1
            continue
        }
        compared += 1
        let (onlyOurs, onlyTheirs) = multisetDifference(ourLines, theirs.lines[file] ?? [])
        let malformed = ours.malformed[file, default: 0]
        if onlyOurs.isEmpty && onlyTheirs.isEmpty && malformed == 0 { continue }
        mismatchedFiles += 1
        if malformed > 0 {
            countsByLabel["(malformed line)", default: (0, 0)].ours += malformed
        }
        for line in onlyOurs { countsByLabel[line.label, default: (0, 0)].ours += 1 }
        for line in onlyTheirs { countsByLabel[line.label, default: (0, 0)].theirs += 1 }
        if shown.count < maximumShown {
            let source = readBytes(file) ?? []
            let locator = SourceLocator(source)
            var differences = onlyOurs.map { ($0, DifferenceSide.onlyOurs) } + onlyTheirs.map { ($0, DifferenceSide.onlyTheirs) }
            differences.sort { $0.0 < $1.0 }
            for (line, side) in differences.prefix(maximumShown - shown.count) {
                let (row, column) = locator.lineAndColumn(line.start)
                shown.append("\(file):\(row):\(column): \(side.rawValue): \(line.label) \(line.start) \(line.end)  \(locator.snippet(line.start..<line.end))")
            }
        }
    }
    let extraInOurs = ours.order.filter { theirs.lines[$0] == nil }

    print("files compared:       \(compared)")
    print("files skipped:        \(skipped) (SwiftParser reports errors or cannot read them)")
    print("files with mismatch:  \(mismatchedFiles)")
    if !missingFromOurs.isEmpty {
        print("files missing from bodywork output: \(missingFromOurs.count) (first: \(missingFromOurs[0]))")
    }
    if !extraInOurs.isEmpty {
        print("files only in bodywork output: \(extraInOurs.count) (first: \(extraInOurs[0]))")
    }
    if !countsByLabel.isEmpty {
        print("mismatched lines by kind (only bodywork / only SwiftParser):")
        for label in countsByLabel.keys.sorted() {
            let counts = countsByLabel[label]!
            print("  \(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(counts.ours) / \(counts.theirs)")
        }
    }
    if !shown.isEmpty {
        print("first differences:")
        for line in shown { print("  " + line) }
    }
    let clean = mismatchedFiles == 0 && extraInOurs.isEmpty
    print(clean ? "oracle: OK" : "oracle: MISMATCH")
    return clean ? 0 : 1
}

/// Lines of `a` not matched in `b` and lines of `b` not matched in `a`, counting repeats.
func multisetDifference(_ a: [DigestLine], _ b: [DigestLine]) -> ([DigestLine], [DigestLine]) {
    let sortedA = a.sorted(), sortedB = b.sorted()
    var onlyA: [DigestLine] = [], onlyB: [DigestLine] = []
    var i = 0, j = 0
    while i < sortedA.count || j < sortedB.count {
        if j == sortedB.count || (i < sortedA.count && sortedA[i] < sortedB[j]) {
            onlyA.append(sortedA[i]); i += 1
        } else if i == sortedA.count || sortedB[j] < sortedA[i] {
            onlyB.append(sortedB[j]); j += 1
        } else {
            i += 1; j += 1
        }
    }
    return (onlyA, onlyB)
}

/// Turns byte offsets into 1-based line and column (in bytes) and short display snippets.
struct SourceLocator {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        self.lineStarts = starts
    }

    func lineAndColumn(_ offset: Int) -> (Int, Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The text of `range`, newlines shown as `⏎`, cut to 60 bytes.
    func snippet(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        let cut = clamped.count > 60 ? clamped.lowerBound..<clamped.lowerBound + 60 : clamped
        var text = String(decoding: bytes[cut], as: UTF8.self)
        text = text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        return "`" + text + (cut.count < clamped.count ? "…" : "") + "`"
    }
}
