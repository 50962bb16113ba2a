// The formatter configurations whose FormatStyle equivalent prints identical strings, for
// `formatter-in-body`'s Fix 2; every entry is proven by FormatStyleEquivalenceTests.

/// Formatter configurations mapped to the `formatted(…)` call that prints the same strings.
///
/// An entry belongs here only when formatting both ways on Foundation, across locales
/// (en_US, en_GB, de_DE, fr_FR, ja_JP, ar_EG…), time zones and values, gives identical
/// strings; the equivalence test fails for any entry it cannot prove. Measured traps kept
/// out: a `.short` date is not `.numeric` (two-digit year), `.medium` is not `.abbreviated`
/// (de_DE, ja_JP), a time style next to a date style pads hours differently (en_GB, de_DE),
/// `.percent` and `.decimal` number styles round and scale differently.
enum FormatStyleMapping {
    struct Entry: Sendable {
        /// The formatter type.
        var typeName: String
        /// The construction as written, tokens separated by one space (`ISO8601DateFormatter ( )`).
        var construction: String
        /// Configuration statements, tokens separated by one space, the formatter written `$`;
        /// order does not matter.
        var configuration: Set<String>
        /// What follows `value.` in the rewrite.
        var replacement: String
    }

    static func date(_ configuration: Set<String>, _ replacement: String) -> Entry {
        Entry(typeName: "DateFormatter", construction: "DateFormatter ( )", configuration: configuration, replacement: replacement)
    }

    static func template(_ template: String, _ replacement: String) -> Entry {
        date(["$ . setLocalizedDateFormatFromTemplate ( \" \(template) \" )"], replacement)
    }

    /// Every proven mapping.
    static let table: [Entry] = [
        date(["$ . dateStyle = . long"], "formatted(date: .long, time: .omitted)"),
        date(["$ . dateStyle = . long", "$ . timeStyle = . none"], "formatted(date: .long, time: .omitted)"),
        date(["$ . dateStyle = . full"], "formatted(date: .complete, time: .omitted)"),
        date(["$ . dateStyle = . full", "$ . timeStyle = . none"], "formatted(date: .complete, time: .omitted)"),
        date(["$ . timeStyle = . short"], "formatted(.dateTime.hour().minute())"),
        date(["$ . timeStyle = . short", "$ . dateStyle = . none"], "formatted(.dateTime.hour().minute())"),
        template("yMMMd", "formatted(.dateTime.year().month().day())"),
        template("yMMMMd", "formatted(.dateTime.year().month(.wide).day())"),
        template("MMMd", "formatted(.dateTime.month().day())"),
        template("EEEE", "formatted(.dateTime.weekday(.wide))"),
        template("jm", "formatted(.dateTime.hour().minute())"),
        Entry(typeName: "ISO8601DateFormatter", construction: "ISO8601DateFormatter ( )", configuration: [],
              replacement: "ISO8601Format()"),
    ]

    /// The replacement for a formatter built by `construction` (tokens as in `Entry`) and
    /// configured by `configuration`, or nil when no proven mapping exists.
    static func mapping(typeName: String, configuration: [String], construction: String) -> String? {
        let normalized = configuration.map(normalize)
        let set = Set(normalized)
        guard set.count == normalized.count else { return nil }
        let built = normalize(construction)
        return table.first { $0.typeName == typeName && $0.construction == built && $0.configuration == set }?.replacement
    }

    /// Collapses runs of spaces and trims, so `a . b ` and `a . b` compare equal.
    static func normalize(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
