// Behaviour of formatter-in-body that golden files cannot show: which types count as views,
// what each withheld finding says, and how the deployment target picks Fix 1 or Fix 2.
import Codemod
import SwiftCST
@testable import Transforms
import XCTest

final class FormatterInBodyTests: XCTestCase {
    func findings(_ source: String, context: RuleContext = RuleContext(path: "v.swift")) -> [Finding] {
        FormatterInBody().findings(in: SyntaxTree.parse(source), context: context)
    }

    func run(_ source: String, context: RuleContext = RuleContext(path: "v.swift")) -> String {
        let engine = Engine(rules: [FormatterInBody()], options: EngineOptions())
        return String(decoding: engine.run(bytes: Array(source.utf8), context: context).output, as: UTF8.self)
    }

    func view(_ body: String, members: String = "", conformance: String = ": View") -> String {
        """
        struct Row\(conformance) {
            let date: Date
        \(members)
            var body: some View {
        \(body)
            }
        }

        """
    }

    let mediumLocal = "        let f = DateFormatter()\n        f.dateStyle = .medium\n        return Text(f.string(from: date))"
    let longLocal = "        let f = DateFormatter()\n        f.dateStyle = .long\n        return Text(f.string(from: date))"

    // MARK: Views

    func testOnlyViewsAndViewModifiersAreScanned() {
        XCTAssertEqual(findings(view(mediumLocal)).count, 1)
        XCTAssertEqual(findings(view(mediumLocal, conformance: ": SwiftUI.View")).count, 1)
        XCTAssertEqual(findings(view(mediumLocal, conformance: ": ViewModifier")).count, 1)
        XCTAssertEqual(findings(view(mediumLocal, conformance: "")).count, 0)
        XCTAssertEqual(findings(view(mediumLocal, conformance: ": Equatable")).count, 0)
    }

    func testConformanceFromAnExtensionOrTheIndexMakesAView() {
        XCTAssertEqual(findings(view(mediumLocal, conformance: "") + "extension Row: View {}\n").count, 1)
        let index = ProjectIndex(conformances: ["Row": ["View"]])
        XCTAssertEqual(findings(view(mediumLocal, conformance: ""), context: RuleContext(path: "v.swift", index: index)).count, 1)
    }

    // MARK: One round

    /// Several statics of one type, and a recipe used twice, land in the first round, in
    /// source order: the second round only confirms that nothing is left.
    func testStaticsOfOneTypeLandInOneRoundInSourceOrder() {
        let source = """
        struct Row: View {
            let date: Date

            var body: some View {
                let a = DateFormatter()
                a.dateStyle = .long
                let b = DateFormatter()
                b.timeStyle = .short
                let c = DateFormatter()
                c.dateStyle = .long
                return Text(a.string(from: date) + b.string(from: date) + c.string(from: date))
            }
        }

        """
        let engine = Engine(rules: [FormatterInBody()], options: EngineOptions())
        let outcome = engine.run(bytes: Array(source.utf8), context: RuleContext(path: "v.swift"))
        XCTAssertEqual(outcome.rounds, 2)
        XCTAssertEqual(outcome.findings.map(\.status), [.fixed, .fixed, .fixed])
        let output = String(decoding: outcome.output, as: UTF8.self)
        let long = output.range(of: "static let longDateFormatter")
        let short = output.range(of: "static let shortTimeFormatter")
        XCTAssertNotNil(long)
        XCTAssertNotNil(short)
        if let long, let short { XCTAssertLessThan(long.lowerBound, short.lowerBound, output) }
        XCTAssertEqual(output.components(separatedBy: "static let longDateFormatter").count, 2, output)
        XCTAssertEqual(output.components(separatedBy: "Self.longDateFormatter.string").count, 3, output)
    }

    // MARK: Withheld

    func withheldReason(_ body: String, members: String = "") -> String? {
        let result = findings(view(body, members: members))
        XCTAssertEqual(result.count, 1, body)
        XCTAssertNil(result.first?.fix, body)
        return result.first?.withheldReason
    }

    func testEveryWithheldFindingSaysWhy() {
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        f.locale = locale\n        return Text(f.string(from: date))",
                                      members: "    @Environment(\\.locale) private var locale")?.contains("Text(value, format: …)"), true)
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        f.dateFormat = pattern\n        return Text(f.string(from: date))",
                                      members: "    let pattern: String")?.contains("instance state"), true)
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        f.locale = Locale.current\n        return Text(f.string(from: date))")?.contains("current"), true)
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        f.dateFormat = \"\\(date)\"\n        return Text(f.string(from: date))")?.contains("interpolates"), true)
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        f.dateStyle = .long\n        keep(f)\n        return Text(f.string(from: date))")?.contains("passed to `keep`"), true)
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        let s = f.string(from: date)\n        f.dateStyle = .long\n        return Text(s)")?.contains("changed after"), true)
        XCTAssertEqual(withheldReason("        let f = DateFormatter()\n        if flag { f.dateStyle = .long }\n        return Text(f.string(from: date))")?.contains("condition"), true)
        XCTAssertEqual(withheldReason("        let r = try! NSRegularExpression(pattern: \"a+\")\n        return Text(\"\\(r)\")")?.contains("fail or throw"), true)
        XCTAssertEqual(withheldReason("        return Text(Wrapper(formatter2: NumberFormatter()).text)")?.contains("`Wrapper`"), true)
    }

    func testNonisolatedCodeIsWithheld() {
        let source = view("        Text(\"x\")", members: "    nonisolated func label() -> String {\n        let f = DateFormatter()\n        f.dateStyle = .long\n        return f.string(from: date)\n    }")
        let result = findings(source)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result.first?.withheldReason?.contains("nonisolated"), true)
    }

    func testLoopVariablesAndParametersAreNamed() {
        let loop = findings(view("        ForEach(zones, id: \\.self) { zone in\n            let f: DateFormatter = {\n                let f = DateFormatter()\n                f.timeZone = TimeZone(identifier: zone)\n                return f\n            }()\n            Text(f.string(from: date))\n        }"))
        XCTAssertEqual(loop.first?.withheldReason?.contains("`zone`"), true)
        let parameter = findings(view("        Text(\"x\")", members: "    func label(_ style: DateFormatter.Style) -> String {\n        let f = DateFormatter()\n        f.dateStyle = style\n        return f.string(from: date)\n    }"))
        XCTAssertEqual(parameter.first?.withheldReason?.contains("parameter `style`"), true)
    }

    /// A helper that `body` does not reach in this file (another file may call it) is said
    /// to build the object when it runs, not as the view renders.
    func testMessagesSayWhenAHelperBuildsIt() {
        let source = """
            import SwiftUI

            struct ExportView: View {
                let items: [String]

                var body: some View {
                    Button("Export") { export() }
                    Text(stamp)
                }

                func export() {
                    let encoder = JSONEncoder()
                    _ = try? encoder.encode(items)
                }

                var stamp: String {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .long
                    return formatter.string(from: Date())
                }
            }

            """
        let messages = findings(source).map(\.message)
        XCTAssertTrue(messages.contains { $0.hasPrefix("`JSONEncoder` is built every time `export()` runs;") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("`DateFormatter` is built every time the view renders;") }, "\(messages)")
    }

    // MARK: Fix 1 and Fix 2

    /// Fix 1 keeps the formatter's strings; the FormatStyle, which prints other strings in
    /// a few locales (a `.full` date in Finnish), is only named in the message, and only
    /// where the deployment target has it.
    func testFixOneEverywhereAndTheDeploymentTargetDecidesWhetherFormatStyleIsNamed() {
        let unknown = run(view(longLocal))
        XCTAssertTrue(unknown.contains("private static let longDateFormatter: DateFormatter = {"), unknown)
        XCTAssertTrue(unknown.contains("Text(Self.longDateFormatter.string(from: date))"), unknown)
        let named = "or use `formatted(date: .long, time: .omitted)`"
        XCTAssertFalse(findings(view(longLocal)).contains { $0.message.contains(named) })

        let old = RuleContext(path: "v.swift", deploymentTargets: DeploymentTargets([.iOS: Version(14, 5)]))
        XCTAssertTrue(run(view(longLocal), context: old).contains("Self.longDateFormatter"))
        XCTAssertFalse(findings(view(longLocal), context: old).contains { $0.message.contains(named) })

        let mixed = RuleContext(path: "v.swift", deploymentTargets: DeploymentTargets([.iOS: Version(15), .macOS: Version(11)]))
        XCTAssertTrue(run(view(longLocal), context: mixed).contains("Self.longDateFormatter"))
        XCTAssertFalse(findings(view(longLocal), context: mixed).contains { $0.message.contains(named) })

        for targets in [[Platform.iOS: Version(15)], [.macOS: Version(12)], [.watchOS: Version(8)], [.tvOS: Version(17)]] {
            let context = RuleContext(path: "v.swift", deploymentTargets: DeploymentTargets(targets))
            let modern = run(view(longLocal), context: context)
            XCTAssertTrue(modern.contains("Text(Self.longDateFormatter.string(from: date))"), modern)
            XCTAssertFalse(modern.contains(".formatted("), modern)
            let found = findings(view(longLocal), context: context)
            XCTAssertTrue(found.contains { $0.message.contains(named) && $0.fix?.safety == .safe }, "\(found.map(\.message))")
        }
    }

    func testUnprovenConfigurationsKeepFixOneOnModernTargets() {
        let context = RuleContext(path: "v.swift", deploymentTargets: DeploymentTargets([.iOS: Version(17)]))
        let output = run(view(mediumLocal), context: context)
        XCTAssertTrue(output.contains("Self.mediumDateFormatter.string(from: date)"), output)
        XCTAssertFalse(output.contains("formatted("), output)
    }

    func testGenericViewsHoistToFileScopeWithIsolationInSwift6() {
        let generic = view(mediumLocal, conformance: "<T>: View")
        let six = run(generic, context: RuleContext(path: "v.swift", swiftLanguageMode: 6))
        XCTAssertTrue(six.hasPrefix("@MainActor private let mediumDateFormatter: DateFormatter = {\n"), six)
        XCTAssertTrue(six.contains("Text(mediumDateFormatter.string(from: date))"), six)
        let unknown = run(generic)
        XCTAssertTrue(unknown.hasPrefix("@MainActor private let "), unknown)
        let five = run(generic, context: RuleContext(path: "v.swift", swiftLanguageMode: 5))
        XCTAssertTrue(five.hasPrefix("private let mediumDateFormatter"), five)
    }

    func testExistingStaticWithTheSameRecipeIsReused() {
        let members = "    private static let shared: DateFormatter = {\n        let formatter = DateFormatter()\n        formatter.dateStyle = .medium\n        return formatter\n    }()"
        let output = run(view(mediumLocal, members: members))
        XCTAssertTrue(output.contains("return Text(Self.shared.string(from: date))"), output)
        XCTAssertEqual(output.components(separatedBy: "DateFormatter()").count, 2, output)
    }

    func testNamesAreDescriptiveAndUnique() {
        let taken = view(mediumLocal, members: "    func mediumDateFormatter() {}\n    struct mediumDateFormatter2 {}")
        let output = run(taken)
        XCTAssertTrue(output.contains("private static let dateFormatter: DateFormatter"), output)
        XCTAssertFalse(output.contains("mediumDateFormatter3"), "a name says what the object is, not a number")
        let allTaken = run(view(mediumLocal, members: "    func mediumDateFormatter() {}\n    let dateFormatter = 0"))
        XCTAssertTrue(allTaken.contains("private static let rowDateFormatter: DateFormatter"), allTaken)
        let json = run(view("        let decoder = JSONDecoder()\n        return Text(\"\\((try? decoder.decode(Int.self, from: Data())) ?? 0)\")"))
        XCTAssertTrue(json.contains("private static let decoder = JSONDecoder()"), json)
        let inline = run(view("        Text(ISO8601DateFormatter().string(from: date))"))
        XCTAssertTrue(inline.contains("private static let iso8601DateFormatter = ISO8601DateFormatter()"), inline)
    }

    func testOutputIsStableOnASecondRun() {
        let once = run(view(mediumLocal))
        XCTAssertNotEqual(once, view(mediumLocal))
        XCTAssertEqual(run(once), once)
    }
}
