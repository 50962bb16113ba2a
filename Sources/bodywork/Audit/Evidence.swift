// Evidence for the audit: what an Instruments export or a `_printChanges` log measured, per
// view, joined to the project's view declarations by type name, so that suspects from the
// code become confirmed findings ranked by measured cost, and a second measurement shows
// what a change did.
import Foundation

/// Where a measurement comes from.
enum EvidenceSource: String, Sendable {
    case trace, log
}

/// What one file measured for one view (by name, and module or process when known).
struct MeasuredView: Sendable {
    var name: String
    var module: String?
    var process: String?
    var updates = 0
    var totalNanoseconds: UInt64 = 0
    var longUpdates = 0
    /// Hitch or hang windows in which the view updated.
    var hitches = 0
    var causes: [String: Int] = [:]

    mutating func add(nanoseconds: UInt64) {
        updates += 1
        totalNanoseconds += nanoseconds
        if nanoseconds > TraceExportReader.longUpdateNanoseconds { longUpdates += 1 }
    }

    mutating func merge(_ other: MeasuredView) {
        updates += other.updates
        totalNanoseconds += other.totalNanoseconds
        longUpdates += other.longUpdates
        hitches += other.hitches
        causes.merge(other.causes, uniquingKeysWith: +)
        if module == nil { module = other.module }
        if process == nil { process = other.process }
    }

    static func key(name: String, module: String?) -> String { name + "\u{0}" + (module ?? "") }

    /// `List<Item>` → `List`; `Outer.Row<T>.Body` keeps its path without the arguments.
    static func strippingGenericArguments(_ name: String) -> String {
        var out = ""
        var depth = 0
        for character in name {
            if character == "<" { depth += 1 } else if character == ">" { depth = max(0, depth - 1) }
            else if depth == 0, character != " " { out.append(character) }
        }
        return out
    }
}

/// SwiftUI's own work: updates the trace names no view for, by their description.
struct SystemWork: Sendable {
    var description: String
    var updates = 0
    var totalNanoseconds: UInt64 = 0

    mutating func add(_ nanoseconds: UInt64) {
        updates += 1
        totalNanoseconds += nanoseconds
    }
}

/// One evidence file, read.
struct EvidenceFile: Sendable {
    var path: String
    var source: EvidenceSource
    var views: [MeasuredView] = []
    var systemWork: [SystemWork] = []
    /// Update rows (trace) or `_printChanges` lines (log) read.
    var rows = 0
    /// Updates still running when the recording stopped, left out.
    var unterminated = 0
    var hitchWindows = 0

    init(path: String, source: EvidenceSource) {
        self.path = path
        self.source = source
    }

    /// Costliest first, so that every report lists them in the same order.
    mutating func sort() {
        views.sort { ($0.totalNanoseconds, $0.updates) != ($1.totalNanoseconds, $1.updates)
            ? ($0.totalNanoseconds, $0.updates) > ($1.totalNanoseconds, $1.updates)
            : ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") }
        systemWork.sort { $0.totalNanoseconds != $1.totalNanoseconds ? $0.totalNanoseconds > $1.totalNanoseconds
            : $0.updates != $1.updates ? $0.updates > $1.updates : $0.description < $1.description }
    }
}

// MARK: - Reading

/// Reads an evidence file of whichever kind it is.
enum EvidenceReader {
    /// The export command the reference method uses, for messages.
    static func exportCommand(_ trace: String) -> String {
        "xctrace export --input \(trace) --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-updates\"]' "
            + "--output updates.xml"
    }

    static func read(_ path: String) throws(UsageError) -> EvidenceFile {
        do {
            return try readKind(path)
        } catch {
            throw UsageError("audit: evidence file \(path): \(error.description)")
        }
    }

    private static func readKind(_ path: String) throws(EvidenceError) -> EvidenceFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw EvidenceError("does not exist") }
        if isDirectory.boolValue {
            guard path.hasSuffix(".trace") || path.hasSuffix(".trace/") else {
                throw EvidenceError("is a directory, not an xctrace export, a .trace bundle or a log")
            }
            return try TraceBundle.read(path)
        }
        guard let handle = fopen(path, "rb") else { throw EvidenceError("cannot be read (\(String(cString: strerror(errno))))") }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = fread(&head, 1, head.count, handle)
        fclose(handle)
        head.removeSubrange(count...)
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < head.count, XMLTokenizer.isSpace(head[start]) { start += 1 }
        guard start < head.count else { throw EvidenceError("is empty") }
        if head[start] == UInt8(ascii: "<") { return try TraceExportReader.read(path: path) }
        if head.contains(0) {
            throw EvidenceError("unrecognized: a binary file, neither an xctrace export (XML) nor a log of `_printChanges()` lines")
        }
        let file = try ChangesLogReader.read(path: path)
        guard file.rows > 0 else {
            throw EvidenceError("unrecognized: not an xctrace export, and no line reads `Type: … changed.` as `_printChanges()` prints")
        }
        return file
    }
}

/// A `.trace` bundle: exported with `xctrace` where there is one (macOS with Xcode).
enum TraceBundle {
    static func read(_ path: String) throws(EvidenceError) -> EvidenceFile {
        #if os(macOS)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-\(UUID().uuidString)-updates.xml").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        guard let toc = ChildProcess.run("/usr/bin/xcrun", ["xctrace", "export", "--input", path, "--toc"]), toc.status == 0 else {
            throw EvidenceError("xctrace could not read the trace; export it by hand: \(EvidenceReader.exportCommand(path))")
        }
        // The SwiftUI updates table, and the hitch and hang tables when the trace holds them.
        let schemas = tableSchemas(in: String(decoding: toc.output, as: UTF8.self))
        let wanted = schemas.filter { $0 == "swiftui-updates" || $0.lowercased().contains("hitch") || $0.lowercased().contains("hang") }
        guard wanted.contains("swiftui-updates") else {
            throw EvidenceError("the trace holds no swiftui-updates table (record it with the SwiftUI template)")
        }
        let condition = wanted.map { "@schema=\"\($0)\"" }.joined(separator: " or ")
        guard let export = ChildProcess.run("/usr/bin/xcrun", ["xctrace", "export", "--input", path, "--xpath",
                                                              "/trace-toc/run[@number=\"1\"]/data/table[\(condition)]",
                                                              "--output", temporary]), export.status == 0 else {
            throw EvidenceError("xctrace could not export the trace; export it by hand: \(EvidenceReader.exportCommand(path))")
        }
        var file = try TraceExportReader.read(path: temporary)
        file.path = path
        return file
        #else
        throw EvidenceError("is an Instruments trace; reading it needs xctrace (macOS with Xcode). Export the table there "
            + "and pass the XML: \(EvidenceReader.exportCommand(path))")
        #endif
    }

    /// The `schema` attributes of the tables of run 1 in a `--toc` document.
    static func tableSchemas(in toc: String) -> [String] {
        var schemas: [String] = []
        var rest = Substring(toc)
        while let range = rest.range(of: "schema=\"") {
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let schema = String(rest[..<end])
            if !schemas.contains(schema) { schemas.append(schema) }
        }
        return schemas
    }
}
