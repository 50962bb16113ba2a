// What unused-environment reports on its golden cases beyond the edits they show: the note
// for an object read by type, nothing for properties read anywhere, and the reasons a
// removal is withheld.
import Codemod
import Foundation
import SwiftCST
@testable import Transforms
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
        XCTAssertEqual(found.map { $0.fix?.safety }, [.safe, .suggested], "`timeZone` mirrors the system's time zone")
    }

    func testKeysThatMirrorSystemStateGetASuggestedFixAndTheOthersASafeOne() throws {
        let found = try findings("safe-dismiss-next-to-system-key")
        XCTAssertEqual(found.map { $0.fix?.safety }, [.safe, .suggested, .safe])
        XCTAssertTrue(found[1].fix?.summary.contains("`\\.calendar` changes") == true, found[1].fix?.summary ?? "no fix")
        let rooted = try findings("suggested-system-keys-not-applied")
        XCTAssertEqual(rooted.map { $0.fix?.safety }, [.suggested, .suggested], "`\\EnvironmentValues.locale` names `locale` too")
        XCTAssertEqual(try findings("focused-value").map { $0.fix?.safety }, [.safe])
        for key in ["colorScheme", "dynamicTypeSize", "sizeCategory", "locale", "calendar", "timeZone", "horizontalSizeClass",
                    "scenePhase", "accessibilityReduceMotion"] {
            XCTAssertTrue(UnusedEnvironment.mirrorsSystemState(key), key)
        }
        for key in ["dismiss", "openURL", "modelContext", "isEnabled", "font", "theme"] {
            XCTAssertFalse(UnusedEnvironment.mirrorsSystemState(key), key)
        }
    }

    func testReadsOfStateSwiftUIDoesNotTrackAreNamed() {
        func read(_ source: String) -> String? {
            let tree = SyntaxTree.parse(source)
            return UnusedEnvironment.untrackedRead(in: [tree.root], tree: tree)
        }
        XCTAssertEqual(read("let a = UITraitCollection.current"), "`UITraitCollection`")
        XCTAssertEqual(read("let a = Calendar.current.component(.hour, from: x)"), "`Calendar.current`")
        XCTAssertEqual(read("let a = Date()"), "`Date()`")
        XCTAssertEqual(read("let a = Date.now"), "`Date.now`")
        XCTAssertEqual(read("let a = color.resolvedColor(with: traits)"), "`.resolvedColor`")
        XCTAssertEqual(read("let a = price.formatted()"), "`.formatted`")
        XCTAssertNil(read("let a = Date(timeIntervalSince1970: 0); let b = Calendar(identifier: .gregorian); let c = \"UserDefaults\""))
        XCTAssertNil(read("let a = model.current; let b = x.now // Date()"))
        let actions = """
            struct Share: View {
                var body: some View {
                    Button("Copy") { UIPasteboard.general.string = "x" }
                        .onAppear { stamp = Date() }
                        .task { await load(UserDefaults.standard) }
                }
            }
            """
        XCTAssertNil(read(actions), "read on the event, not while `body` runs")
        XCTAssertEqual(read(actions.replacingOccurrences(of: "Button(\"Copy\")", with: "Text(Date(), style: .time).overlay(Date.now)")),
                       "`Date()`")
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
                           "withheld-shares-line", "withheld-reads-current-locale", "withheld-extension-reads-defaults"]
            .map { try findings($0).first?.withheldReason ?? "none" }
        XCTAssertEqual(reasons, ["it would delete the comment `/// Kept for the dark-mode border we br…`",
                                 "the property is `public`, so another module may read it",
                                 "the declaration is in an `#if` branch", "a string names `calendar`",
                                 "the declaration shares its lines with other code",
                                 "the type reads `Locale.current`, which SwiftUI does not track: the unread `locale` may be there to run `body` again when the value changes",
                                 "the type reads `UserDefaults`, which SwiftUI does not track: the unread `isEnabled` may be there to run `body` again when the value changes"])
    }

    func testAStringNamesThePropertyOnlyAsAWholeWord() {
        func reason(_ name: String, _ literal: String) -> String? {
            let source = "import SwiftUI\nstruct Inspector: View {\n    @Environment(\\.calendar) private var \(name)\n"
                + "    let fields = [\(literal)]\n    var body: some View { Text(fields.joined()) }\n}\n"
            let tree = SyntaxTree.parse(source)
            return UnusedEnvironment().findings(in: tree, context: RuleContext(path: "t.swift")).first?.withheldReason
        }
        let named = "a string names `calendar`"
        XCTAssertEqual(reason("calendar", #""calendar""#), named)
        XCTAssertEqual(reason("calendar", #""the calendar, and more""#), named)
        XCTAssertEqual(reason("calendar", #""x", "(calendar)""#), named)
        XCTAssertEqual(reason("calendar", #""caf\u{E9} calendar""#), named, "an escape in the literal")
        XCTAssertEqual(reason("calendar", "\"caf\u{E9} calendar\""), named, "a segment that is not ASCII")
        XCTAssertNil(reason("calendar", #""calendars", "my_calendar", "calendar2""#))
        XCTAssertNil(reason("calendar", "\"\u{E9}calendar\""), "a letter that is not ASCII joins the word")
        XCTAssertNil(reason("calendar", "\"x\" // calendar"))
        // The Kelvin sign is `K` as Swift compares strings.
        XCTAssertEqual(reason("Key", "\"\u{212A}ey\""), "a string names `Key`")
        XCTAssertEqual(reason("\u{212A}ey", "\"Key\""), "a string names `\u{212A}ey`")
        XCTAssertEqual(reason("`calendar`", #""calendar""#), "a string names ``calendar``")
    }

    func testANameAnotherFileWritesKeepsAnInternalProperty() throws {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent("first-member.swift"))))
        let other = SyntaxTree.parse("func f(_ v: Badge) -> Bool { v.isEnabled }\n")
        let index = ProjectIndexBuilder.build([(path: "t.swift", tree: tree), (path: "o.swift", tree: other)])
        XCTAssertEqual(UnusedEnvironment().findings(in: tree, context: RuleContext(path: "t.swift", index: index)).count, 0)
    }
}
