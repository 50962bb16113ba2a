// The state `unused-environment` looks for beside a property nothing reads: environment
// values that mirror the system's, and reads of system state SwiftUI does not track.
import Codemod
import SwiftCST

extension UnusedEnvironment {
    /// Environment values that mirror state of the system which code can also read without
    /// SwiftUI (`UITraitCollection.current`, `Locale.current`, `UIScreen.main`…): a view may
    /// declare one only so that `body` runs again when it changes.
    static func mirrorsSystemState(_ key: String) -> Bool {
        key.hasPrefix("accessibility") || [
            "colorScheme", "colorSchemeContrast", "displayScale", "pixelLength", "displayGamut", "sizeCategory",
            "dynamicTypeSize", "legibilityWeight", "locale", "calendar", "timeZone", "layoutDirection",
            "horizontalSizeClass", "verticalSizeClass", "scenePhase", "controlActiveState", "appearsActive",
            "isLuminanceReduced",
        ].contains(key)
    }

    /// Environment values that are actions to call (`dismiss()`, `openURL(url)`), not state.
    static func isAction(_ key: String) -> Bool {
        ["dismiss", "openURL", "openWindow", "dismissWindow", "pushWindow", "openImmersiveSpace", "dismissImmersiveSpace",
         "openSettings", "openDocument", "newDocument", "refresh", "dismissSearch", "rename", "purchase", "requestReview",
         "resetFocus", "authorizationController", "webAuthenticationSession",
         "exportFiles"].contains(key)
    }

    /// Types whose mention reads state SwiftUI does not track: the trait collection, the
    /// appearance, the screen, the application, user defaults, the pasteboard, and the
    /// formatters that use the current locale.
    private static let untrackedTypes: Set<String> = [
        "UITraitCollection", "NSAppearance", "UIScreen", "NSScreen", "UIApplication", "NSApplication", "NSApp",
        "UIAccessibility", "NSWorkspace", "UIDevice", "UserDefaults", "NSUbiquitousKeyValueStore", "UIPasteboard",
        "NSPasteboard", "UIFontMetrics", "DateFormatter", "NumberFormatter", "DateComponentsFormatter",
        "DateIntervalFormatter", "RelativeDateTimeFormatter", "MeasurementFormatter", "ListFormatter",
        "ByteCountFormatter", "PersonNameComponentsFormatter",
    ]
    /// `Type.member` pairs that read such state.
    private static let untrackedMembersOf: [String: Set<String>] = [
        "Locale": ["current", "autoupdatingCurrent", "preferredLanguages"], "NSLocale": ["current", "autoupdatingCurrent"],
        "Calendar": ["current", "autoupdatingCurrent"], "TimeZone": ["current", "autoupdatingCurrent"],
        "NSTimeZone": ["local", "system", "default"], "Date": ["now"], "NSColor": ["currentControlTint"],
    ]
    /// Members of those types that an implicit member expression may name (`.current`
    /// passed where a `Locale`, `Calendar` or `TimeZone` is expected, `.now` for a `Date`).
    private static let implicitUntrackedMembers: Set<String> = ["current", "autoupdatingCurrent", "now"]
    /// Members whose use (after a `.`) reads such state: a colour resolved by hand, the
    /// current appearance or trait collection, the preferred font, `formatted()` (the
    /// current locale).
    private static let untrackedMembers: Set<String> = [
        "resolvedColor", "cgColor", "effectiveAppearance", "traitCollection", "userInterfaceStyle",
        "preferredContentSizeCategory", "preferredFont", "formatted", "usingColorSpace",
    ]

    /// The names after a period, and the others, that `untrackedRead` looks for.
    private static let memberFilter = NameFilter(untrackedMembers.union(implicitUntrackedMembers))
    private static let typeFilter = NameFilter(untrackedTypes.union(untrackedMembersOf.keys).union(["Date"]))

    /// The first read in `scope` (the type and its extensions in the file) of state SwiftUI
    /// does not track, as it is written (`UITraitCollection`, `Locale.current`, `Date()`).
    /// Action closures (a button's action, `onAppear`, `task`) are passed over: they run on
    /// their event and read the state then, however often `body` runs.
    static func untrackedRead(in scope: [Node], tree: SyntaxTree) -> String? {
        let tokens = tree.tokens
        for node in scope {
            // In source order, outer closures before the ones they hold.
            var actions = RenderPath.actionClosures(in: node).map { $0.firstTokenIndex..<$0.endTokenIndex }[...]
            // The periods of implicit member expressions: `.current` stands for
            // `Locale.current` where a `Locale` is expected.
            var leadingDots = Set<Int>()
            node.forEachDescendant([.memberAccessExpr]) { access in
                if tokens[access.firstTokenIndex].kind == .period { leadingDots.insert(access.firstTokenIndex) }
            }
            var position = node.firstTokenIndex
            while position < node.endTokenIndex {
                while let action = actions.first, action.upperBound <= position { actions.removeFirst() }
                if let action = actions.first, action.contains(position) {
                    position = action.upperBound
                    continue
                }
                defer { position += 1 }
                guard tokens[position].kind == .identifier else { continue }
                let token = tree.token(at: position)
                let afterPeriod = position > 0 && tokens[position - 1].kind == .period
                guard (afterPeriod ? memberFilter : typeFilter).mayBe(token) else { continue }
                let text = token.text
                if afterPeriod {
                    if untrackedMembers.contains(text) { return "`.\(text)`" }
                    if implicitUntrackedMembers.contains(text), leadingDots.contains(position - 1) { return "`.\(text)`" }
                    continue
                }
                if untrackedTypes.contains(text) { return "`\(text)`" }
                guard position + 2 < tokens.count else { continue }
                if let members = untrackedMembersOf[text], tokens[position + 1].kind == .period,
                   members.contains(tree.token(at: position + 2).text) {
                    return "`\(text).\(tree.token(at: position + 2).text)`"
                }
                if text == "Date", tokens[position + 1].kind == .leftParen, tokens[position + 2].kind == .rightParen {
                    return "`Date()`"
                }
            }
        }
        return nil
    }
}
