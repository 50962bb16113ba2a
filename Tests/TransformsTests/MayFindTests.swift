// The byte prefilter of every rule against the golden cases: a rule must never be
// skipped on a file where it would find something.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

/// `mayFind` lets the engine skip a rule on a file; it must hold for every file where the
/// rule reports something, which every golden input with a finding shows.
final class MayFindTests: XCTestCase {
    func testEveryGoldenInputWithAFindingPassesItsRulesPrefilter() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Golden")
        var checked = 0
        for rule in Registry.allRules {
            let directory = golden.appendingPathComponent(rule.id)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            for name in names where name.hasSuffix(".swift") && !name.hasSuffix(".expected.swift") {
                let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                let found = rule.findings(in: SyntaxTree.parse(bytes), context: RuleContext(path: name))
                if !found.isEmpty {
                    XCTAssertTrue(rule.mayFind(in: bytes), "\(rule.id) skips \(name), where it finds something")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 60)
        XCTAssertFalse(ForEachFilter().mayFind(in: Array("struct A { let b = 1 }".utf8)))
        XCTAssertFalse(FormatterInBody().mayFind(in: Array("Text(\"x\")".utf8)))
        XCTAssertTrue(FormatterInBody().mayFind(in: Array("let f = ISO8601DateFormatter()".utf8)))
    }
}
