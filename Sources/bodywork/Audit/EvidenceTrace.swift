// Reads an `xctrace export` of the SwiftUI template's `swiftui-updates` table (and any
// hitch or hang table exported with it) as a stream, resolving `id`/`ref` value sharing,
// into per-view counts and durations. Memory grows with the distinct views and values
// referenced, never with the document.
import Foundation

/// Reads one exported table document.
enum TraceExportReader {
    /// Updates longer than this count as long (the reference's threshold for a slow body).
    static let longUpdateNanoseconds: UInt64 = 500_000
    /// Durations at or above this are the recorder's "still running" sentinel, not a time.
    static let unterminatedDuration: UInt64 = 1 << 62

    static func read(path: String) throws(EvidenceError) -> EvidenceFile {
        var first = TraceExportPass(path: path, windows: nil)
        try first.run()
        guard first.sawUpdatesTable || !first.windows.isEmpty else {
            let found = first.schemas.isEmpty ? "no table" : "tables " + first.schemas.sorted().joined(separator: ", ")
            throw EvidenceError("holds no swiftui-updates table (\(found)); export it with "
                + "--xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-updates\"]'")
        }
        var views = first.views
        if !first.windows.isEmpty && first.sawUpdatesTable {
            // Which views updated inside each hitch or hang: a second pass, so that no update is kept.
            let windows = first.windows.sorted { $0.start < $1.start }
            var second = TraceExportPass(path: path, windows: windows)
            try second.run()
            for (key, hit) in second.hitViews { views[key]?.hitches = hit.count }
        }
        var file = EvidenceFile(path: path, source: .trace)
        file.views = Array(views.values)
        file.systemWork = Array(first.systemWork.values)
        file.rows = first.updateRows
        file.unterminated = first.unterminated
        file.hitchWindows = first.windows.count
        file.sort()
        return file
    }
}

/// One pass over the document (a struct: no exclusivity checks on each field access).
private struct TraceExportPass {
    /// A column value: a number, text, or (for `<sentinel/>`) nothing.
    enum Value {
        case number(UInt64)
        case text(String)

        var text: String {
            switch self {
            case .number(let number): return String(number)
            case .text(let text): return text
            }
        }

        var number: UInt64? {
            switch self {
            case .number(let number): return number
            case .text(let text): return UInt64(text.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    private struct Frame {
        var name: String
        var attributes: XMLAttributes
        var hasChildren = false
        var text = ""
    }

    struct Window {
        var start: UInt64
        var end: UInt64
    }

    let path: String
    /// In the second pass, the hitch and hang windows to attribute updates to.
    let attributing: [Window]?
    private let longestWindow: UInt64

    private(set) var sawUpdatesTable = false
    private(set) var schemas: Set<String> = []
    private(set) var views: [String: MeasuredView] = [:]
    private(set) var systemWork: [String: SystemWork] = [:]
    private(set) var windows: [Window] = []
    private(set) var hitViews: [String: Set<Int>] = [:]
    private(set) var updateRows = 0
    private(set) var unterminated = 0

    private var ids = SharedValues()
    private var stack: [Frame] = []
    private var schemaName = ""
    private var columns: [String] = []
    private var columnIndex: [String: Int] = [:]
    private var rowValues: [Value?] = []
    private var sawRoot = false

    init(path: String, windows: [Window]?) {
        self.path = path
        attributing = windows
        longestWindow = windows?.map { $0.end - $0.start }.max() ?? 0
    }

    mutating func run() throws(EvidenceError) {
        let tokens = try XMLTokenizer(path: path)
        while let token = try tokens.next() {
            switch token {
            case .open(let name, let attributes, let selfClosing):
                try open(name, attributes, line: tokens.line)
                if selfClosing { try close(name, line: tokens.line) }
            case .close(let name):
                try close(name, line: tokens.line)
            case .text(let text):
                if !stack.isEmpty { stack[stack.count - 1].text += text }
            }
        }
        if let open = stack.last { throw EvidenceError("truncated: the file ends inside <\(open.name)> (line \(tokens.line))") }
        if !sawRoot { throw EvidenceError("not an xctrace export: it holds no element") }
    }

    private mutating func open(_ name: String, _ attributes: XMLAttributes, line: Int) throws(EvidenceError) {
        if !sawRoot {
            sawRoot = true
            if name == "trace-toc" {
                throw EvidenceError("is a trace's table of contents (`xctrace export --toc`), not a table; export the "
                    + "swiftui-updates table with --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-updates\"]'")
            }
            guard name == "trace-query-result" else {
                throw EvidenceError("not an xctrace export: its root element is <\(name)>, not <trace-query-result>")
            }
        }
        if !stack.isEmpty { stack[stack.count - 1].hasChildren = true }
        switch name {
        case "node":
            schemaName = ""
            columns = []
            columnIndex = [:]
        case "schema":
            schemaName = attributes.name ?? ""
            schemas.insert(schemaName)
            columns = []
        case "row":
            rowValues = []
        default: break
        }
        stack.append(Frame(name: name, attributes: attributes))
    }

    private mutating func close(_ name: String, line: Int) throws(EvidenceError) {
        guard let frame = stack.popLast() else { throw EvidenceError("not well-formed XML: </\(name)> closes nothing at line \(line)") }
        guard frame.name == name else {
            throw EvidenceError("not well-formed XML: </\(name)> closes <\(frame.name)> at line \(line)")
        }
        let value = try self.value(of: frame, line: line)
        let parent = stack.last?.name
        switch name {
        case "mnemonic" where parent == "col":
            columns.append(frame.text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "schema":
            columnIndex = [:]
            for (index, column) in columns.enumerated() where columnIndex[column] == nil { columnIndex[column] = index }
            if schemaName == "swiftui-updates" { sawUpdatesTable = true }
        case "row":
            if schemaName == "swiftui-updates" { update(line: line) } else if isWindowTable { window() }
        default:
            if parent == "row" { rowValues.append(value) }
        }
    }

    /// The element's value: a `ref`'s, a sentinel's nothing, else its text when it holds
    /// no element (a number when it is one), else its `fmt`.
    private mutating func value(of frame: Frame, line: Int) throws(EvidenceError) -> Value? {
        if frame.name == "sentinel" { return nil }
        if let ref = frame.attributes.ref {
            guard let shared = ids.value(ref) else {
                throw EvidenceError("malformed: ref=\"\(ref)\" at line \(line) names no earlier id")
            }
            return shared
        }
        let text = frame.hasChildren ? "" : frame.text
        let value: Value
        if !text.isEmpty, text.utf8.count <= 20, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = UInt64(text) {
            value = .number(number)
        } else {
            value = .text(text.isEmpty ? frame.attributes.fmt ?? "" : text)
        }
        if let id = frame.attributes.id { ids.set(id, value) }
        return value
    }

    private var isWindowTable: Bool {
        let lowered = schemaName.lowercased()
        return lowered.contains("hitch") || lowered.contains("hang")
    }

    private func column(_ mnemonic: String) -> Value? {
        guard let index = columnIndex[mnemonic], index < rowValues.count else { return nil }
        return rowValues[index]
    }

    private func text(_ mnemonic: String) -> String? {
        guard var text = column(mnemonic)?.text, !text.isEmpty else { return nil }
        // Values are rarely padded: trim only when an end is white.
        if let first = text.utf8.first, let last = text.utf8.last, XMLTokenizer.isSpace(first) || XMLTokenizer.isSpace(last) {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text.isEmpty ? nil : text
    }

    // MARK: - Rows

    private mutating func update(line: Int) {
        let start = column("start")?.number
        let duration = column("duration")?.number
        if let duration, duration >= TraceExportReader.unterminatedDuration {
            unterminated += 1
            return
        }
        let name = text("view-name").map(MeasuredView.strippingGenericArguments) ?? ""
        if let attributing {
            guard !name.isEmpty, let start else { return }
            let key = MeasuredView.key(name: name, module: text("module"))
            for hit in TraceExportPass.overlapping(attributing, start: start, end: start + (duration ?? 0), longest: longestWindow) {
                hitViews[key, default: []].insert(hit)
            }
            return
        }
        updateRows += 1
        let nanoseconds = duration ?? 0
        guard !name.isEmpty else {
            let what = text("description") ?? text("update-type") ?? "(no description)"
            systemWork[what, default: SystemWork(description: what)].add(nanoseconds)
            return
        }
        let module = text("module")
        let key = MeasuredView.key(name: name, module: module)
        // Taken out and put back: the entry is changed in place, not copied.
        var view = views.removeValue(forKey: key) ?? MeasuredView(name: name, module: module)
        view.add(nanoseconds: nanoseconds)
        if let cause = text("root-causes") { view.causes[cause, default: 0] += 1 }
        if view.process == nil { view.process = text("process") }
        views[key] = view
    }

    private mutating func window() {
        guard attributing == nil, let start = column("start")?.number, let duration = column("duration")?.number,
              duration < TraceExportReader.unterminatedDuration else { return }
        windows.append(Window(start: start, end: start + duration))
    }

    /// The indices of `windows` (sorted by start) that overlap `start..<end`.
    static func overlapping(_ windows: [Window], start: UInt64, end: UInt64, longest: UInt64) -> [Int] {
        // The first window starting at or after `end`; those before it may overlap.
        var low = 0, high = windows.count
        while low < high {
            let middle = (low + high) / 2
            if windows[middle].start < max(end, start + 1) { low = middle + 1 } else { high = middle }
        }
        var hits: [Int] = []
        var index = low - 1
        while index >= 0, windows[index].start + longest >= start {
            if windows[index].end > start { hits.append(index) }
            index -= 1
        }
        return hits
    }
}

/// Values written once with `id` and repeated with `ref`: numeric ids (xctrace's) in dense
/// arrays, eight bytes and a tag per id; text values interned, since names repeat.
private struct SharedValues {
    private var kinds: [UInt8] = []
    private var slots: [UInt64] = []
    private var texts: [String] = []
    private var textIndex: [String: UInt64] = [:]
    private var other: [String: TraceExportPassValue] = [:]

    mutating func set(_ id: String, _ value: TraceExportPassValue) {
        // Dense while the ids come in order (xctrace numbers them from 1); any other id, and
        // one far past the table, in the dictionary.
        guard let number = Int(id), number >= 0, number < max(kinds.count * 2, 1 << 16) else {
            other[id] = value
            return
        }
        if number >= kinds.count {
            let size = max(number + 1, kinds.count * 2)
            kinds += [UInt8](repeating: 0, count: size - kinds.count)
            slots += [UInt64](repeating: 0, count: size - slots.count)
        }
        switch value {
        case .number(let value):
            kinds[number] = 1
            slots[number] = value
        case .text(let text):
            kinds[number] = 2
            if let known = textIndex[text] {
                slots[number] = known
            } else {
                slots[number] = UInt64(texts.count)
                textIndex[text] = UInt64(texts.count)
                texts.append(text)
            }
        }
    }

    func value(_ id: String) -> TraceExportPassValue? {
        guard let number = Int(id), number >= 0, number < kinds.count else { return other[id] }
        switch kinds[number] {
        case 1: return .number(slots[number])
        case 2: return .text(texts[Int(slots[number])])
        default: return other[id]
        }
    }
}

private typealias TraceExportPassValue = TraceExportPass.Value
