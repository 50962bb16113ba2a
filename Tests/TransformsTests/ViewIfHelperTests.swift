// Where view-if-helper reports on its golden cases: golden files show only that nothing
// changes; these pin each finding's line, what it names and the module's call count.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class ViewIfHelperTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/view-if-helper")

    /// `line: message up to its first comma`, with the case's support files in the index.
    private func report(_ caseName: String) throws -> [String] {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift"))))
        let support = golden.appendingPathComponent(caseName + ".support")
        let others = try ((try? FileManager.default.contentsOfDirectory(atPath: support.path)) ?? []).sorted().map { name in
            (path: name, tree: SyntaxTree.parse(Array(try Data(contentsOf: support.appendingPathComponent(name)))))
        }
        let index = ProjectIndexBuilder.build([(path: "t.swift", tree: tree)] + others)
        let converter = SourceLocationConverter(tree.bytes)
        return ViewIfHelper().findings(in: tree, context: RuleContext(path: "t.swift", index: index)).map { finding in
            XCTAssertNil(finding.fix, "report only")
            XCTAssertEqual(finding.severity, .warning)
            var what = finding.message.components(separatedBy: ",")[0]
            if let count = finding.message.range(of: #"\(\d+ calls? here[^)]*\)"#, options: .regularExpression) {
                what += " " + finding.message[count]
            }
            return "\(converter.location(of: finding.range.lowerBound).line) \(what)"
        }
    }

    func testTheHelperIsReportedOnceWithItsCallCount() throws {
        XCTAssertEqual(try report("helper-and-calls-reported"), [
            "5 `if(_:transform:)` gives each view two identities (2 calls here); apply the modifier with a conditional value instead (2 calls here)",
        ])
        XCTAssertEqual(try report("ternary-helper-reported"), [
            "4 `applying(when:_:)` gives each view two identities (1 call here); apply the modifier with a conditional value instead (1 call here)",
        ])
        XCTAssertEqual(try report("public-helper-reported"), [
            "5 `if(_:transform:)` gives each view two identities (0 calls here (0 calls here, more in other modules)",
        ])
    }

    func testOverloadsShareTheirCountAndSaySo() throws {
        XCTAssertEqual(try report("overloads-counted-together-reported"), [
            "4 `if(_:transform:)` gives each view two identities (2 calls here for 2 overloads); apply the modifier with a conditional value instead (2 calls here for 2 overloads)",
            "12 `if(_:transformIf:transformElse:)` gives each view two identities (2 calls here for 2 overloads); apply the modifier with a conditional value instead (2 calls here for 2 overloads)",
        ])
    }

    func testCallsOfAModuleHelperAreCountedWhereItIsDeclared() throws {
        XCTAssertEqual(try report("calls-of-module-helper-untouched"), [])
    }

    func testCallsOfAnOutsideIfAreReportedWhereTheConditionCanChange() throws {
        XCTAssertEqual(try report("calls-of-outside-helper-reported"), ["12 `.if(…)` gives this view two identities"])
        XCTAssertEqual(try report("call-in-postfix-if-config-reported"), ["11 `.if(…)` gives this view two identities"])
    }

    func testMethodsThatAreNotConditionalModifiersAreNotReported() throws {
        XCTAssertEqual(try report("other-helpers-untouched"), [])
        XCTAssertEqual(try report("helper-in-other-type-untouched"), [])
    }

    func testCallsAreMatchedAsSwiftComparesNames() {
        var source = "import SwiftUI\nstruct Row: View {\n    var on: Bool\n    var body: some View {\n        VStack {\n"
        for use in ["if", "`if`", "iff", "i", "`iff`"] { source += "            Text(\"x\").\(use)(on) { $0.bold() }\n" }
        source += "        }\n    }\n}\n"
        let found = ViewIfHelper().findings(in: SyntaxTree.parse(source), context: RuleContext(path: "t.swift"))
        XCTAssertEqual(found.filter { $0.message.contains("gives this view two identities") }.count, 2)
    }
}
