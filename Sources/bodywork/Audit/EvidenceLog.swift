// Reads a console log holding `Self._printChanges()` or `Self._logChanges()` output — lines
// `TypeName: @self, _items changed.`, bare or after an os_log or Console prefix — into
// per-view update counts and the properties that caused them.
import Foundation

/// Reads one log file, line by line.
enum ChangesLogReader {
    static func read(path: String) throws(EvidenceError) -> EvidenceFile {
        guard let handle = fopen(path, "rb") else { throw EvidenceError("cannot be read (\(String(cString: strerror(errno))))") }
        defer { fclose(handle) }
        var file = EvidenceFile(path: path, source: .log)
        var views: [String: MeasuredView] = [:]
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        func take(_ line: ArraySlice<UInt8>) {
            guard let parsed = parse(String(decoding: line, as: UTF8.self)) else { return }
            file.rows += 1
            // By name alone: a prefix names the process on some lines only.
            let key = parsed.name
            if views[key] == nil { views[key] = MeasuredView(name: parsed.name) }
            if views[key]!.process == nil { views[key]!.process = parsed.process }
            views[key]!.updates += 1
            for cause in parsed.causes { views[key]!.causes[cause, default: 0] += 1 }
        }
        while true {
            let count = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress!, 1, $0.count, handle) }
            if count == 0 {
                if ferror(handle) != 0 { throw EvidenceError("could not be read to the end") }
                break
            }
            var lineStart = 0
            for index in 0..<count where chunk[index] == 10 {
                if pending.isEmpty {
                    take(chunk[lineStart..<index])
                } else {
                    pending += chunk[lineStart..<index]
                    take(pending[...])
                    pending = []
                }
                lineStart = index + 1
            }
            // A line longer than any log line is noise: it is dropped rather than kept growing.
            if pending.count < 1 << 16 { pending += chunk[lineStart..<count] }
        }
        if !pending.isEmpty { take(pending[...]) }
        file.views = Array(views.values)
        file.sort()
        return file
    }

    /// One recognized line: the view's name (generic arguments stripped), the process a
    /// prefix names, and the causes (`@self`, `@identity`, `_items`, …; none for `unchanged`).
    struct Line: Equatable {
        var name: String
        var process: String?
        var causes: [String]
    }

    /// The line's `_printChanges` record, or nil for any other line.
    static func parse(_ raw: String) -> Line? {
        var line = Substring(raw)
        while let last = line.last, last == "\r" || last == " " || last == "\t" { line = line.dropLast() }
        let causes: [String]
        let head: Substring
        if line.hasSuffix(": unchanged.") {
            head = line.dropLast(": unchanged.".count)
            causes = []
        } else if line.hasSuffix(" changed.") {
            let withoutSuffix = line.dropLast(" changed.".count)
            guard let colon = lastSeparator(in: withoutSuffix) else { return nil }
            let list = withoutSuffix[withoutSuffix.index(colon, offsetBy: 2)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !list.isEmpty, list.allSatisfy(isCause) else { return nil }
            head = withoutSuffix[..<colon]
            causes = list
        } else {
            return nil
        }
        guard let name = typeName(endingAt: head) else { return nil }
        return Line(name: MeasuredView.strippingGenericArguments(String(name.text)),
                    process: process(in: head[..<name.start]), causes: causes)
    }

    /// The `: ` that starts the causes list: the last one outside generic brackets.
    private static func lastSeparator(in text: Substring) -> Substring.Index? {
        var depth = 0
        var found: Substring.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<" { depth += 1 } else if character == ">" { depth = max(0, depth - 1) }
            else if character == ":", depth == 0, text.index(after: index) < text.endIndex, text[text.index(after: index)] == " " {
                found = index
            }
            index = text.index(after: index)
        }
        return found
    }

    /// `@self`, `@identity`, `@dependencies`, or a property name (`_items`, `count`).
    private static func isCause(_ text: String) -> Bool {
        let body = text.hasPrefix("@") ? text.dropFirst() : Substring(text)
        guard let first = body.first, first == "_" || first.isLetter else { return false }
        return body.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber || $0 == "." }
    }

    /// The type name at the end of `head`: read backwards over a dotted name with generic
    /// arguments (which may hold spaces), stopping at a space or bracket outside them.
    private static func typeName(endingAt head: Substring) -> (text: Substring, start: Substring.Index)? {
        var depth = 0
        var start = head.endIndex
        while start > head.startIndex {
            let previous = head.index(before: start)
            let character = head[previous]
            if character == ">" { depth += 1 }
            else if character == "<" { depth -= 1; if depth < 0 { return nil } }
            else if depth == 0, !(character == "_" || character == "." || character.isLetter || character.isNumber) { break }
            start = previous
        }
        let name = head[start...]
        guard depth == 0, let first = name.first, first == "_" || first.isLetter else { return nil }
        return (name, start)
    }

    /// The process an os_log or Console prefix names: `MyApp[1234:5678]` → `MyApp`.
    private static func process(in prefix: Substring) -> String? {
        for word in prefix.split(separator: " ").reversed() {
            guard let bracket = word.firstIndex(of: "["), bracket > word.startIndex, word.hasSuffix("]"),
                  word[word.index(after: bracket)...].dropLast().allSatisfy({ $0.isNumber || $0 == ":" || $0.isHexDigit }) else { continue }
            return String(word[..<bracket])
        }
        return nil
    }
}
