// Runs every golden case of `Golden/<rule-id>/` through its rule and the invariants, and
// guards the golden set itself: headers that parse, enough cases, a directory per rule.
// `BLESS=1 swift test --filter GoldenTests` rewrites expected files that differ.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class GoldenTests: XCTestCase {
    /// The fewest cases a registered rule may have; a walker that finds fewer fails, so a
    /// moved or misnamed directory cannot make the suite pass by running nothing.
    static let minimumCases: [String: Int] = ["foreach-filter": 20, "foreach-identity": 25, "formatter-in-body": 25,
                                                   "work-in-body": 10, "object-in-body": 6,
                                                   "state-write-in-body": 8, "anyview": 10, "stored-view-builder": 10,
                                                   "eager-stack": 10, "conditional-modifier": 10,
                                                   "unused-environment": 10, "view-if-helper": 6,
                                                   "view-init-work": 6, "layout-feedback": 6]
    /// The minimum for a registered rule not listed above.
    static let defaultMinimumCases = 5

    let golden = packageRoot.appendingPathComponent("Golden")
    var blessing: Bool { ProcessInfo.processInfo.environment["BLESS"] == "1" }

    func testEveryHeaderParses() throws {
        for goldenCase in try GoldenWalker.cases(in: golden) {
            do {
                _ = try GoldenOptions.parse(header: try goldenCase.readInput())
            } catch {
                XCTFail("\(goldenCase.displayPath): bad bodywork-options header: \(error)")
            }
        }
    }

    func testEveryCaseHoldsTheInvariants() throws {
        let cases = try GoldenWalker.cases(in: golden)
        var unknownDirectories: Set<String> = []
        for goldenCase in cases {
            guard let rule = Registry.rule(id: goldenCase.ruleID) else {
                if unknownDirectories.insert(goldenCase.ruleID).inserted {
                    XCTFail("Golden/\(goldenCase.ruleID)/ names no registered rule (run scripts/generate-registry?)")
                }
                continue
            }
            let input = try goldenCase.readInput()
            let options: GoldenOptions
            do { options = try GoldenOptions.parse(header: input) } catch {
                XCTFail("\(goldenCase.displayPath): bad bodywork-options header: \(error)")
                continue
            }
            let expected = try goldenCase.readExpected(input: input)
            let check = GoldenCheck.run(rule: rule, input: input, expected: expected, options: options,
                                        path: goldenCase.displayPath, support: try goldenCase.readSupportFiles(),
                                        compareOutput: !blessing)
            if blessing { try bless(goldenCase, output: check.output, input: input, expected: expected) }
            for failure in check.failures { XCTFail("\(goldenCase.displayPath): \(failure)") }
            try checkFindings(of: goldenCase, check.findings)
        }
    }

    func testEveryRegisteredRuleHasEnoughCases() throws {
        let cases = try GoldenWalker.cases(in: golden)
        if !Registry.allRules.isEmpty {
            XCTAssertFalse(cases.isEmpty, "rules are registered but Golden/ holds no case")
        }
        var counts: [String: Int] = [:]
        for goldenCase in cases { counts[goldenCase.ruleID, default: 0] += 1 }
        for rule in Registry.allRules {
            let minimum = GoldenTests.minimumCases[rule.id] ?? GoldenTests.defaultMinimumCases
            XCTAssertGreaterThanOrEqual(counts[rule.id, default: 0], minimum,
                                        "Golden/\(rule.id)/ has \(counts[rule.id, default: 0]) cases; at least \(minimum) expected")
        }
    }

    func testEveryRegisteredRuleHasAGoldenDirectory() throws {
        let directories = Set(try GoldenWalker.ruleDirectories(in: golden))
        for rule in Registry.allRules {
            XCTAssertTrue(directories.contains(rule.id), "rule \(rule.id) has no Golden/\(rule.id)/ directory")
        }
    }

    func testEveryExpectedFileHasAnInput() throws {
        XCTAssertEqual(try GoldenWalker.orphanExpectedFiles(in: golden), [], "expected files without an input are never checked")
    }

    /// The findings must be those the case pins in its `.findings` file (BLESS writes it).
    private func checkFindings(of goldenCase: GoldenCase, _ findings: String) throws {
        let pinned = try goldenCase.readFindings()
        if blessing, pinned != findings {
            try Data(findings.utf8).write(to: goldenCase.findingsURL)
            print("blessed \(goldenCase.displayPath.dropLast(".swift".count))\(GoldenWalker.findingsSuffix)")
            return
        }
        guard let pinned else {
            XCTFail("\(goldenCase.displayPath): no \(GoldenWalker.findingsSuffix) file pins its findings (BLESS=1 writes it)")
            return
        }
        if pinned != findings {
            XCTFail("\(goldenCase.displayPath): findings differ from the \(GoldenWalker.findingsSuffix) file (- pinned, + actual):\n"
                    + VisibleDiff.render(expected: Array(pinned.utf8), actual: Array(findings.utf8)))
        }
    }

    /// Writes the output as the expected file when it differs from what the case expects
    /// now; a case whose output equals its input gets no new expected file.
    private func bless(_ goldenCase: GoldenCase, output: [UInt8], input: [UInt8], expected: [UInt8]) throws {
        guard output != expected else { return }
        let exists = FileManager.default.fileExists(atPath: goldenCase.expectedURL.path)
        guard exists || output != input else { return }
        try Data(output).write(to: goldenCase.expectedURL)
        print("blessed \(goldenCase.displayPath.dropLast(".swift".count)).expected.swift")
    }
}
