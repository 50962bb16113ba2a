// The names formatter-in-body gives the statics it adds: after what sets the object apart
// (its styles, date format, units, locale), so that two of them never differ by a number.
import Codemod
import SwiftCST

extension HoistPlanner {
    /// Names for the static holding `construction`, best first: its styles (`shortDateFormatter`),
    /// the name its author gave it, what its configuration says (`hourMinuteFormatter`,
    /// `posixDateFormatter`, `fileByteCountFormatter`), the type (`dateFormatter`), and the
    /// member or view that builds it (`subtitleDateFormatter`, `rowDateFormatter`).
    func descriptiveNames(_ construction: Construction) -> [String] {
        var dateStyle: String?, timeStyle: String?, numberStyle: String?
        var words: [String] = []
        var formatWords: [String] = []
        for statement in construction.configuration {
            guard let sequence = SequenceExpr(statement), sequence.isAssignment,
                  let target = sequence.assignmentTarget.flatMap(MemberAccessExpr.init), let property = target.name,
                  let value = sequence.assignedValue else { continue }
            let style = MemberAccessExpr(value).flatMap { $0.base == nil ? $0.name : nil }
            switch property {
            case "dateStyle": dateStyle = style
            case "timeStyle": timeStyle = style
            case "numberStyle": numberStyle = style
            case "dateFormat":
                formatWords += HoistPlanner.dateFormatWords(value)
            default:
                words += HoistPlanner.configurationWords(property: property, value: value)
            }
        }
        var names: [String] = []
        let type = construction.typeName
        if type == "DateFormatter" {
            let date = dateStyle.flatMap { $0 == "none" ? nil : $0 }
            let time = timeStyle.flatMap { $0 == "none" ? nil : $0 }
            switch (date, time) {
            case let (d?, nil): names.append(d + "DateFormatter")
            case let (nil, t?): names.append(t + "TimeFormatter")
            case let (d?, t?): names.append(d + "Date" + capitalized(t) + "TimeFormatter")
            default: break
            }
        }
        if type == "NumberFormatter", let style = numberStyle, style != "none" { names.append(style + "Formatter") }
        let typeName = Names.lowerCamel(type)
        // The author's name, when it says what the object is (`dayFormatter`, not `other`).
        let role = HoistPlanner.lastWord(of: typeName)
        let local = construction.localName.flatMap { $0.count > 2 && !["fmt", "formatter"].contains($0) ? $0 : nil }
        if let local, local.lowercased().hasSuffix(role) { names.append(local) }
        // A date format names the fields it prints: `HH:mm` is an hour-and-minute formatter.
        let suffix = type == "DateFormatter" && !formatWords.isEmpty ? "Formatter" : capitalized(typeName)
        let qualifiers = HoistPlanner.unique(formatWords + words)
        if !qualifiers.isEmpty {
            // The whole format (or the first word), then more words as names are taken.
            for count in max(1, HoistPlanner.unique(formatWords).count)...max(1, qualifiers.count) {
                names.append(HoistPlanner.camel(Array(qualifiers.prefix(count))) + suffix)
            }
        }
        if let local { names.append(local) }
        names.append(typeName)
        // Where it is built: the member, or for `body` the view (`rowDateFormatter`).
        let owner = FileTypes.innermostType(of: construction.member).flatMap { TypeDecl($0)?.name }
            .map { Names.lowerCamel(FileTypes.lastComponent($0)) }
        if let member = HoistPlanner.memberName(construction.member).flatMap({ $0 == "body" ? owner : $0 }) {
            names.append(member + capitalized(typeName))
            names.append(HoistPlanner.camel([member] + qualifiers) + capitalized(typeName))
        }
        return HoistPlanner.unique(names.filter { !Names.reserved.contains($0) })
    }

    /// The words a date format's fields say, in order: `"HH:mm"` → hour, minute;
    /// `"EEEE, d MMM"` → weekday, day, month. Empty for a format that is not a string literal.
    static func dateFormatWords(_ value: Node) -> [String] {
        guard value.kind == .stringLiteralExpr, !value.containsDescendant(.interpolation, where: { _ in true }) else { return [] }
        let fields: [Character: String] = ["y": "year", "Y": "year", "u": "year", "Q": "quarter", "q": "quarter",
                                           "M": "month", "L": "month", "w": "week", "W": "week", "d": "day", "D": "day",
                                           "E": "weekday", "e": "weekday", "c": "weekday", "a": "ampm", "h": "hour",
                                           "H": "hour", "k": "hour", "K": "hour", "m": "minute", "s": "second",
                                           "S": "fraction", "z": "timeZone", "Z": "timeZone", "X": "timeZone",
                                           "x": "timeZone", "v": "timeZone", "V": "timeZone", "G": "era"]
        var words: [String] = []
        var quoted = false
        var text = value.text
        if text.hasPrefix("\"") { text.removeFirst() }
        if text.hasSuffix("\"") { text.removeLast() }
        for character in text {
            if character == "'" { quoted.toggle(); continue }
            guard !quoted, let word = fields[character] else { continue }
            if words.last != word, !(word == "ampm") { words.append(word) }
        }
        return unique(words)
    }

    /// The words one configuration statement adds to a name: an enum case (`.file`,
    /// `.abbreviated`), units (`[.hour, .minute]`, `.useMB`), a locale or time zone
    /// identifier (`en_US_POSIX` → posix, `UTC` → utc), a fraction digit count.
    static func configurationWords(property: String, value: Node) -> [String] {
        if property.hasSuffix("FractionDigits"), value.kind == .integerLiteralExpr, let digits = Int(value.text), digits < 10 {
            let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
            return [numbers[digits] + "Digit"]
        }
        if value.kind == .booleanLiteralExpr {
            return property == "doesRelativeDateFormatting" && value.textEquals("true") ? ["relative"] : []
        }
        var words: [String] = []
        let cases = value.kind == .arrayExpr ? value.descendants(.memberAccessExpr) : [value]
        for item in cases {
            guard let access = MemberAccessExpr(item), access.base == nil, let name = access.name else { continue }
            if ["none", "default", "standard", "current", "autoupdatingCurrent"].contains(name) { continue }
            let units = ["useBytes": "bytes", "useKB": "kilobyte", "useMB": "megabyte", "useGB": "gigabyte", "useTB": "terabyte",
                         "useAll": ""]
            if let unit = units[name] { if !unit.isEmpty { words.append(unit) } } else { words.append(name) }
        }
        if (property == "locale" || property == "timeZone"), let literal = value.descendants(.stringLiteralExpr).first {
            let identifier = literal.text.trimmingCharacters(in: "\"")
            if identifier == "en_US_POSIX" {
                words.append("posix")
            } else {
                let parts = identifier.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
                if let first = parts.first, parts.allSatisfy({ $0.allSatisfy { $0.isLetter } }) {
                    words.append(([first.lowercased()] + parts.dropFirst().map { $0.uppercased() == $0 ? $0 : $0.capitalized })
                        .joined())
                }
            }
        }
        return words
    }

    /// `["hour", "minute"]` → `hourMinute`.
    static func camel(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The lowercase letters after the last capital: `formatter` of `dateFormatter`.
    static func lastWord(of name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(name.utf8)
            let start = (bytes.lastIndex { $0 >= 0x41 && $0 <= 0x5a }).map { $0 + 1 } ?? 0
            return String(decoding: bytes[start...], as: UTF8.self)
        }
        return name.reversed().prefix { !$0.isUppercase }.reversed().map(String.init).joined().lowercased()
    }

    static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }

    /// The name of the property or function that builds the object.
    static func memberName(_ member: Node) -> String? {
        VariableDecl(member)?.bindings.first?.name ?? FunctionLikeDecl(member)?.name
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return String(text)
    }
}
