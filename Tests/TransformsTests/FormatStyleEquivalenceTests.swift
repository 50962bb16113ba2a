// Checks each entry of the FormatStyle mapping table on the running Foundation: the formatter
// and the FormatStyle print identical strings in these common locales, time zones and dates.
// Some other locales differ (fi_FI and th_TH `.full` dates, es_CA and sv_FI short times), so
// the rewrite is a suggested fix, offered only where the formatter cannot be made static.
import Codemod
import Foundation
import SwiftCST
@testable import Transforms
import XCTest

final class FormatStyleEquivalenceTests: XCTestCase {
    static let locales = ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "ar_EG", "es_ES", "zh_Hans_CN"]
    static let timeZones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata"]
    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 951_782_400 + 13 * 3600 + 61),  // 29 Feb 2000, afternoon
        Date(timeIntervalSince1970: 1_700_000_000.25),
        Date(timeIntervalSince1970: -1_000_000_000),
        Date(timeIntervalSince1970: 1_735_689_599),  // the last second of 2024 (UTC)
    ]

    /// The FormatStyle each replacement of the table stands for, with the locale and time
    /// zone that `formatted(…)` would take from the user's settings.
    static func formatStyle(_ replacement: String, _ date: Date, _ locale: Locale, _ timeZone: TimeZone) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        func run(_ style: Date.FormatStyle) -> String {
            var style = style
            style.locale = locale
            style.timeZone = timeZone
            style.calendar = calendar
            return date.formatted(style)
        }
        switch replacement {
        case "formatted(date: .long, time: .omitted)": return run(Date.FormatStyle(date: .long, time: .omitted))
        case "formatted(date: .complete, time: .omitted)": return run(Date.FormatStyle(date: .complete, time: .omitted))
        case "formatted(.dateTime.hour().minute())": return run(Date.FormatStyle().hour().minute())
        case "formatted(.dateTime.year().month().day())": return run(Date.FormatStyle().year().month().day())
        case "formatted(.dateTime.year().month(.wide).day())": return run(Date.FormatStyle().year().month(.wide).day())
        case "formatted(.dateTime.month().day())": return run(Date.FormatStyle().month().day())
        case "formatted(.dateTime.weekday(.wide))": return run(Date.FormatStyle().weekday(.wide))
        default: return nil
        }
    }

    /// A DateFormatter configured by the entry's own configuration text, or nil when the test
    /// does not understand a statement (then the entry is unproven).
    static func dateFormatter(_ configuration: Set<String>, _ locale: Locale, _ timeZone: TimeZone) -> DateFormatter? {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        let styles: [String: DateFormatter.Style] = ["none": .none, "short": .short, "medium": .medium, "long": .long, "full": .full]
        for statement in configuration {
            let words = statement.split(separator: " ").map(String.init)
            if words.count == 6, words[0] == "$", words[2] == "dateStyle" || words[2] == "timeStyle", words[3] == "=",
               let style = styles[words[5]] {
                if words[2] == "dateStyle" { formatter.dateStyle = style } else { formatter.timeStyle = style }
            } else if words.count == 8, words[2] == "setLocalizedDateFormatFromTemplate", words[4] == "\"", words[6] == "\"" {
                formatter.setLocalizedDateFormatFromTemplate(words[5])
            } else {
                return nil
            }
        }
        return formatter
    }

    func testEveryMappingPrintsIdenticalStrings() {
        XCTAssertGreaterThanOrEqual(FormatStyleMapping.table.count, 10)
        for entry in FormatStyleMapping.table {
            if entry.typeName == "ISO8601DateFormatter" {
                XCTAssertEqual(entry.replacement, "ISO8601Format()")
                XCTAssertTrue(entry.configuration.isEmpty)
                for date in Self.dates {
                    XCTAssertEqual(ISO8601DateFormatter().string(from: date), date.ISO8601Format(), "\(date)")
                }
                continue
            }
            XCTAssertEqual(entry.typeName, "DateFormatter", "no proof for \(entry.typeName) entries")
            var compared = 0
            for localeID in Self.locales {
                let locale = Locale(identifier: localeID)
                for zoneID in Self.timeZones {
                    let timeZone = TimeZone(identifier: zoneID)!
                    guard let formatter = Self.dateFormatter(entry.configuration, locale, timeZone) else {
                        return XCTFail("cannot run the configuration \(entry.configuration)")
                    }
                    for date in Self.dates {
                        guard let styled = Self.formatStyle(entry.replacement, date, locale, timeZone) else {
                            return XCTFail("no FormatStyle known for \(entry.replacement)")
                        }
                        let formatted = formatter.string(from: date)
                        XCTAssertFalse(formatted.isEmpty)
                        XCTAssertEqual(formatted, styled, "\(entry.configuration) vs \(entry.replacement) in \(localeID), \(zoneID), \(date)")
                        compared += 1
                    }
                }
            }
            XCTAssertEqual(compared, Self.locales.count * Self.timeZones.count * Self.dates.count)
        }
    }

    /// The traps the table keeps out really are traps here: were one of them identical, this
    /// test would say the table could grow.
    func testRejectedMappingsDiffer() {
        let locales = Self.locales.map(Locale.init(identifier:))
        let zone = TimeZone(identifier: "UTC")!
        func differs(_ configure: (DateFormatter) -> Void, _ style: Date.FormatStyle) -> Bool {
            for locale in locales {
                for date in Self.dates {
                    let formatter = DateFormatter()
                    formatter.locale = locale
                    formatter.timeZone = zone
                    configure(formatter)
                    var s = style
                    s.locale = locale
                    s.timeZone = zone
                    if formatter.string(from: date) != date.formatted(s) { return true }
                }
            }
            return false
        }
        XCTAssertTrue(differs({ $0.dateStyle = .short }, Date.FormatStyle(date: .numeric, time: .omitted)))
        XCTAssertTrue(differs({ $0.dateStyle = .medium }, Date.FormatStyle(date: .abbreviated, time: .omitted)))
        XCTAssertTrue(differs({ $0.dateStyle = .long; $0.timeStyle = .short }, Date.FormatStyle(date: .long, time: .shortened)))
        XCTAssertTrue(differs({ $0.timeStyle = .medium }, Date.FormatStyle(date: .omitted, time: .standard)))
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        XCTAssertNotEqual(formatter.string(from: 1234.5678), 1234.5678.formatted(.number.locale(Locale(identifier: "en_US"))))
    }

    /// The rule names exactly the table's replacement for each entry's configuration, beside
    /// its fix that keeps the formatter.
    func testTheRuleUsesEachEntry() {
        let context = RuleContext(path: "v.swift", deploymentTargets: DeploymentTargets([.iOS: Version(15)]))
        for entry in FormatStyleMapping.table {
            let statements = entry.configuration.sorted().map { statement in
                "        " + statement.replacingOccurrences(of: "$ ", with: "f ").replacingOccurrences(of: " ", with: "")
                    .replacingOccurrences(of: "=", with: " = ")
            }
            let source = """
                struct V: View {
                    let d: Date
                    var body: some View {
                        let f = \(entry.construction.replacingOccurrences(of: " ", with: ""))
                \(statements.joined(separator: "\n"))
                        return Text(f.string(from: d))
                    }
                }

                """
            let findings = FormatterInBody().findings(in: SyntaxTree.parse(source), context: context)
            let message = findings.first?.message ?? ""
            XCTAssertTrue(message.contains(" or use `\(entry.replacement)`"), "\(entry.configuration): \(message)")
            XCTAssertEqual(findings.first?.fix?.safety, .safe)
        }
    }
}
