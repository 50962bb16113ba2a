// What unused-environment reports on its golden cases beyond the edits they show: the note
// for an object read by type, nothing for properties read anywhere, and the reasons a
// removal is withheld.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class UnusedEnvironmentTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/unused-environment")

    /// The case's findings, with its support files (if any) in the index unless `indexed` is false.
    private func findings(_ caseName: String, indexed: Bool = true) throws -> [Finding] {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift"))))
        let support = golden.appendingPathComponent(caseName + ".support")
        let others = try ((try? FileManager.default.contentsOfDirectory(atPath: support.path)) ?? []).sorted().map { name in
            (path: name, tree: SyntaxTree.parse(Array(try Data(contentsOf: support.appendingPathComponent(name)))))
        }
        let index = indexed ? ProjectIndexBuilder.build([(path: "t.swift", tree: tree)] + others) : ProjectIndex()
        return UnusedEnvironment().findings(in: tree, context: RuleContext(path: "t.swift", index: index))
    }

    func testAnObjectReadByTypeIsANoteWithoutFix() throws {
        let found = try findings("object-type-note")
        XCTAssertEqual(found.map(\.severity), [.note])
        XCTAssertNil(found.first?.fix)
        XCTAssertTrue(found.first?.message.hasPrefix("`@Environment(Library.self)` property `library` is never read") == true)
    }

    func testPropertiesReadInTheTypeItsExtensionsOrByKeyPathAreNotReported() throws {
        for name in ["read-in-extension-untouched", "key-path-and-wrapper-untouched", "read-in-other-file-untouched"] {
            XCTAssertEqual(try findings(name).map(\.message), [], name)
        }
    }

    func testOnlyTheUnreadPropertyOfTwoViewsIsFixed() throws {
        let found = try findings("two-views-one-file")
        XCTAssertEqual(found.map { $0.message.components(separatedBy: " is never")[0] },
                       ["`@Environment(\\.dismiss)` property `dismiss`", "`@Environment(\\.timeZone)` property `timeZone`"])
        XCTAssertTrue(found.allSatisfy { $0.fix?.safety == .safe })
    }

    func testANonPrivatePropertyIsNotRemovedWithoutTheModulesIndex() throws {
        let found = try findings("first-member", indexed: false)
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.fix)
        XCTAssertEqual(found.first?.withheldReason, "the module's other files were not indexed")
        XCTAssertNotNil(try findings("private-unused", indexed: false).first?.fix, "a private property needs only its file")
    }

    func testWithheldRemovalsNameTheirCause() throws {
        let reasons = try ["withheld-comment", "withheld-public", "withheld-if-config", "withheld-string-names-it",
                           "withheld-shares-line"].map { try findings($0).first?.withheldReason ?? "none" }
        XCTAssertEqual(reasons, ["it would delete the comment `/// Kept for the dark-mode border we br…`",
                                 "the property is `public`, so another module may read it",
                                 "the declaration is in an `#if` branch", "a string names `calendar`",
                                 "the declaration shares its lines with other code"])
    }

    func testANameAnotherFileWritesKeepsAnInternalProperty() throws {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent("first-member.swift"))))
        let other = SyntaxTree.parse("func f(_ v: Badge) -> Bool { v.isEnabled }\n")
        let index = ProjectIndexBuilder.build([(path: "t.swift", tree: tree), (path: "o.swift", tree: other)])
        XCTAssertEqual(UnusedEnvironment().findings(in: tree, context: RuleContext(path: "t.swift", index: index)).count, 0)
    }
}
