// The indentation unit a rule's inserted lines take: read from the whole file, as the
// most common step between indentations, or a tab.
import Codemod
import XCTest

final class SourceLayoutTests: XCTestCase {
    /// The definition, line by line: tab lines against lines indented deeper than the line
    /// before; of those, the step of 2, 3, 4 or 8 spaces seen most often, the smaller on a tie.
    private func plainIndentUnit(_ bytes: [UInt8]) -> String {
        var tabLines = 0
        var steps = [Int: Int]()
        var previous = 0
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where !(number == lines.count - 1 && line.isEmpty) {
            if line.first == 9 { tabLines += 1 }
            let spaces = line.prefix { $0 == 32 }.count
            let rest = line.dropFirst(spaces)
            guard let first = rest.first, first != 13, first != 9 else { continue }
            if spaces > previous { steps[spaces - previous, default: 0] += 1 }
            previous = spaces
        }
        if tabLines > steps.values.reduce(0, +) { return "\t" }
        let best = [2, 3, 4, 8].filter { steps[$0] != nil }.max { (steps[$0]!, -$0) < (steps[$1]!, -$1) }
        return String(repeating: " ", count: best ?? 4)
    }

    func testIndentUnitOfTypicalFiles() {
        XCTAssertEqual(SourceLayout(Array("struct A {\n  var b: Int\n  func c() {\n    d()\n  }\n}\n".utf8)).indentUnit, "  ")
        XCTAssertEqual(SourceLayout(Array("struct A {\n    var b: Int\n}\n".utf8)).indentUnit, "    ")
        XCTAssertEqual(SourceLayout(Array("struct A {\n\tvar b: Int\n\tvar c: Int\n}\n".utf8)).indentUnit, "\t")
        XCTAssertEqual(SourceLayout(Array("let a = 1\n".utf8)).indentUnit, "    ", "no evidence")
        XCTAssertEqual(SourceLayout([]).indentUnit, "    ")
        XCTAssertEqual(SourceLayout(Array("a {\r\n   b\r\n}\r\n".utf8)).indentUnit, "   ", "CRLF lines")
    }

    func testIndentUnitAgreesWithTheLineByLineDefinition() {
        let pieces: [[UInt8]] = [[32], [32, 32], [32, 32, 32, 32], [9], [10], [13, 10], Array("x".utf8), Array("}".utf8)]
        var state: UInt64 = 0xD1CE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for round in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(60) { bytes += pieces[next(pieces.count)] }
            XCTAssertEqual(SourceLayout(bytes).indentUnit, plainIndentUnit(bytes), "round \(round): \(bytes)")
        }
    }
}
