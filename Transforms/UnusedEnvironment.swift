// Rule `unused-environment`: an `@Environment` or `@FocusedValue` property nothing reads
// still subscribes its view to every change of the value; remove the declaration.
import Codemod
import SwiftCST

/// Rule `unused-environment`; `documentation` below is its one description (RULES.md, `explain`).
public struct UnusedEnvironment: Rule {
    public init() {}

    /// Every finding is a property declared with one of the two wrappers.
    public var neededWords: [[StaticString]] { [["@Environment", "@FocusedValue", "@SwiftUI."]] }

    /// Whether other files of the module write the property's name is read from the index.
    public var usesProjectIndex: Bool { true }

    public let id = "unused-environment"
    public let summary = "Remove @Environment and @FocusedValue properties nothing reads"
    public let documentation = """
        A view that declares `@Environment(\\.keyPath)` or `@FocusedValue(\\.keyPath)` \
        depends on that value: SwiftUI evaluates its `body` again whenever the value \
        changes, even when no code ever reads the property. A declaration left behind after \
        a refactor costs an update on every change of the locale, the color scheme, the \
        focused document or whatever the key path names.

        Found when no code of the type reads the property: its declaration, its extensions \
        (in this file, and in the other files of the module through the project index) and, \
        for a property that is not `private`, the rest of the module. `name`, `_name`, \
        `$name`, `self.name` and key paths `\\.name`/`\\Self.name` are all reads. Classes \
        and actors that are not views are passed over: SwiftUI updates no value there.

        Fix: remove the declaration. It is `safe` for values such as `\\.dismiss`, \
        `\\.openURL`, `\\.modelContext`, the app's own keys and every `@FocusedValue`. It \
        is `suggested` (applied with --unsafe-fixes) for the environment values that mirror \
        state of the system: `\\.colorScheme`, `\\.colorSchemeContrast`, \
        `\\.displayScale`, `\\.pixelLength`, `\\.displayGamut`, `\\.sizeCategory`, \
        `\\.dynamicTypeSize`, `\\.legibilityWeight`, `\\.locale`, `\\.calendar`, \
        `\\.timeZone`, `\\.layoutDirection`, `\\.horizontalSizeClass`, \
        `\\.verticalSizeClass`, `\\.scenePhase`, `\\.controlActiveState`, \
        `\\.appearsActive`, `\\.isLuminanceReduced` and the `\\.accessibility…` values. \
        Such a property, even unread, can be there on purpose: it makes `body` run again \
        when the value changes, so that code which reads the same state without SwiftUI \
        (`UITraitCollection.current`, a `UIColor` resolved by hand, `Locale.current`, a \
        `DateFormatter`) shows the new value, and that code may be in another file or \
        framework, out of the rule's sight.

        The fix is withheld (reported only) when the type itself (its declaration or its \
        extensions in the file, outside the action closures run on events) reads state \
        SwiftUI does not track, whatever the key: \
        `UITraitCollection`, `NSAppearance`, `NSApp`/`NSApplication`, `UIApplication`, \
        `UIScreen`/`NSScreen`, `UIDevice`, `UIAccessibility`, `NSWorkspace`, \
        `UserDefaults`, `NSUbiquitousKeyValueStore`, a pasteboard, `UIFontMetrics`, a \
        Foundation formatter, `Locale.current`, `Locale.preferredLanguages`, \
        `Calendar.current`, `TimeZone.current` (or `autoupdatingCurrent`, \
        `NSTimeZone.local`), `Date()`, `Date.now` (also as the implicit members `.current`, \
        `.autoupdatingCurrent` and `.now`), `NSColor.currentControlTint`, or a member \
        `.resolvedColor`, `.cgColor`, `.usingColorSpace`, `.effectiveAppearance`, \
        `.traitCollection`, `.userInterfaceStyle`, `.preferredContentSizeCategory`, \
        `.preferredFont`, `.formatted`: every change of \
        the value runs `body` again, and the body may count on that to show what it reads by \
        hand. An action (`dismiss`, `openURL`, `openWindow`, `refresh`…) is no such value: it \
        changes with the presentation, and is removed all the same. It is also withheld when a comment belongs to the declaration (removing it \
        would delete the comment), when the declaration shares its lines with other code or \
        sits in an `#if` branch, when the \
        property is `public`, `package` or `open` (another module may read it), when the \
        module's other files were not indexed, when a string names the property or the type \
        uses `Mirror`, and when a macro could read it (an attribute on the type other than \
        `@MainActor`/`@preconcurrency`/`@available`, a `#macro` in the type, or another \
        attribute on the property). A type-based `@Environment(Model.self)` or \
        `@FocusedValue(Model.self)` nothing reads is reported as a note without a fix: \
        removing it also removes the check that the object is in the environment.

        Before:

            struct Row: View {
                @Environment(\\.dismiss) private var dismiss
                let title: String

                var body: some View { Text(title) }
            }

        After (a `safe` fix):

            struct Row: View {
                let title: String

                var body: some View { Text(title) }
            }
        """

    private static let wrappers: Set<String> = ["Environment", "FocusedValue", "SwiftUI.Environment", "SwiftUI.FocusedValue"]
    /// Attributes on a type that are known not to be macros reading its members.
    private static let plainTypeAttributes: Set<String> = ["MainActor", "preconcurrency", "available", "frozen", "usableFromInline",
                                                            "dynamicMemberLookup", "objc"]

    typealias Candidate = (type: TypeDecl, scope: [Node], member: Node, variable: VariableDecl, wrapper: Attribute, name: String)

    /// The properties of the file's types that carry one of `wrappers`, with the declarations
    /// of their type the file holds (`scope`).
    static func candidates(_ types: FileTypes) -> [Candidate] {
        var candidates: [Candidate] = []
        for type in types.all where !type.isExtension && type.node.kind != .protocolDecl {
            guard let typeName = type.name else { continue }
            // SwiftUI updates environment values in views, modifiers and other value types it
            // holds; a class (an `ObservableObject`) or an actor is never updated, and no view
            // runs again for it.
            if type.node.kind == .classDecl || type.node.kind == .actorDecl, !types.isView(type) { continue }
            let scope = (types.bySimpleName[FileTypes.lastComponent(typeName)] ?? []).map(\.node)
            for member in type.members {
                // The wrapper first: most properties have none of these.
                guard let variable = VariableDecl(member),
                      let wrapper = member.firstChild(where: { $0.kind == .attribute && UnusedEnvironment.wrappers.contains(Attribute($0)?.name ?? "") })
                        .flatMap(Attribute.init),
                      !variable.isStatic,
                      variable.bindings.count == 1, let binding = variable.bindings.first, let name = binding.name,
                      binding.pattern?.kind == .identifierPattern else { continue }
                candidates.append((type, scope, member, variable, wrapper, name))
            }
        }
        return candidates
    }

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        let types = context.fileTypes(tree, index: index)
        let layout = SourceLayout(tree.bytes)
        // The candidates first: most files that mention `@Environment` have one or two, and
        // where the file writes names is then gathered for theirs only.
        let candidates = UnusedEnvironment.candidates(types)
        guard !candidates.isEmpty else { return [] }
        // The names as the index counts them (`_x`, `$x` and `` `x` `` count as `x`);
        // a name it does not count (`Scheme`, `_1`) is looked up token by token instead.
        let keys = Set(candidates.compactMap { ProjectIndexBuilder.countedName($0.name) })
        let written = ProjectIndexBuilder.writtenNames(in: tree, of: keys)
        lazy var usesMirror = tree.tokens.indices.contains { tree.tokens[$0].kind == .identifier && tree.token(at: $0).textIs("Mirror") }
        let stringWords = StringWords(tree)
        // What each type reads that SwiftUI does not track, found once per type.
        var untrackedByType: [Int: String?] = [:]
        func untrackedReads(_ scope: [Node]) -> String? {
            let key = scope.first?.firstTokenIndex ?? -1
            if let known = untrackedByType[key] { return known }
            let read = UnusedEnvironment.untrackedRead(in: scope, tree: tree)
            untrackedByType[key] = read
            return read
        }
        var findings: [Finding] = []
        // The findings that remove their member: adjacent removals share out the blank lines.
        var removed: [(finding: Int, member: Node)] = []
        for (type, scope, member, variable, wrapper, name) in candidates {
            let tokens = member.firstTokenIndex..<member.endTokenIndex
            let access = Set(variable.node.children(.modifier).filter { $0.endTokenIndex - $0.firstTokenIndex == 1 }
                .compactMap { $0.firstToken?.text })
            let isPrivate = access.contains("private")
            let isFilePrivate = isPrivate || access.contains("fileprivate")
            let key = ProjectIndexBuilder.countedName(name)
            // Reads: in the type and its extensions when `private`, anywhere in the file
            // otherwise, and in the module's other files unless `fileprivate`. The tokens that
            // write the name, each list in token order, are counted by binary search, not
            // copied: a name can be written thousands of times in a large file.
            let writes = key.map { key in [written[key]?.bare ?? [], written[key]?.member ?? []] } ?? [UnusedEnvironment.tokens(naming: name, in: tree)]
            let writeCount = writes.reduce(0) { $0 + $1.count }
            func countOfWrites(in range: Range<Int>) -> Int {
                writes.reduce(0) { $0 + $1.partitionPoint { $0 < range.upperBound } - $1.partitionPoint { $0 < range.lowerBound } }
            }
            // A read is a write outside the declaration (whose name the counts leave out).
            let readHere: Bool = isPrivate
                ? scope.contains { (node: Node) -> Bool in
                    let range = node.firstTokenIndex..<node.endTokenIndex
                    return countOfWrites(in: range) > countOfWrites(in: range.clamped(to: tokens))
                }
                : writeCount > countOfWrites(in: tokens)
            guard !readHere else { continue }
            if !isFilePrivate, let key, ModuleNameCounts.of(index).count(of: key) - writeCount > 0 {
                continue
            }
            let wrapperName = FileTypes.lastComponent(wrapper.name)
            let argument = wrapper.arguments?.children(.argument).first?.firstChildNode
            let isKeyPath = argument?.kind == .keyPathExpr
            let shown = "`@\(wrapperName)(\(argument.map { MessageText.quoted($0) } ?? "…"))` property `\(name)`"
            let range = member.trimmedRange
            guard isKeyPath else {
                findings.append(Finding(range: range,
                                        message: "\(shown) is never read; remove it unless the view must fail without the object",
                                        severity: .note))
                continue
            }
            let message = "\(shown) is never read, yet every change of the value updates the view; remove it"
            var reason = withheldReason(variable: variable, type: type, scope: scope, name: name, isFilePrivate: isFilePrivate,
                                        usesMirror: usesMirror, moduleIndexed: context.index.fileCount > 0, stringWords: stringWords)
            if reason == nil, key == nil, !isFilePrivate {
                reason = "reads of a name like `\(name)` in the module's other files are not counted"
            }
            // `\.colorScheme` or `\EnvironmentValues.colorScheme`: the value the key names.
            let keyName = wrapperName == "Environment" ? argument.flatMap(KeyPathExpr.init).flatMap(UnusedEnvironment.environmentKey) : nil
            // An action (`dismiss`, `openURL`) changes with the presentation, not with what the
            // type reads untracked: nobody declares one to run `body` again.
            if reason == nil, keyName.map(UnusedEnvironment.isAction) != true, let read = untrackedReads(scope) {
                reason = "the type reads \(read), which SwiftUI does not track: the unread `\(name)` may be there to run `body` again when the value changes"
            }
            let mirrored = keyName.flatMap { UnusedEnvironment.mirrorsSystemState($0) ? $0 : nil }
            var fix: Fix? = nil
            if reason == nil {
                if let removal = layout.removal(of: member) {
                    let candidate = mirrored.map { key in
                        Fix(edits: [removal], safety: .suggested,
                            summary: "remove the unused `\(name)`; `body` then no longer runs again when `\\.\(key)` changes, which code elsewhere that reads the same state without SwiftUI may rely on")
                    } ?? Fix(edits: [removal], summary: "remove the unused `\(name)`")
                    if let loss = CommentKeeping.lossReason(candidate, in: tree) { reason = loss } else { fix = candidate }
                } else {
                    reason = "the declaration shares its lines with other code"
                }
            }
            if fix != nil { removed.append((findings.count, member)) }
            if let fix {
                findings.append(Finding(range: range, message: message, fix: fix))
            } else {
                findings.append(Finding(range: range, message: message, withheldReason: reason))
            }
        }
        if removed.count > 1 {
            for (edit, (finding, _)) in zip(layout.removals(of: removed.map(\.member)), removed) {
                if let edit { findings[finding].fix?.edits = [edit] }
            }
        }
        return findings
    }

    /// The value an environment key path names: `colorScheme` for `\.colorScheme`,
    /// `\EnvironmentValues.colorScheme` or `\.colorScheme.hashValue`; nil for another root.
    static func environmentKey(_ path: KeyPathExpr) -> String? {
        if let root = path.root, !["EnvironmentValues", "SwiftUI.EnvironmentValues"].contains(root.tree.text(root.trimmedRange)) {
            return nil
        }
        let components = path.components
        guard components.hasPrefix(".") else { return nil }
        // ASCII (nearly every key path): the name's bytes, without the characters' cost.
        let bytes = components.utf8.dropFirst()
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let name = bytes.prefix { ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7a) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5f || $0 == 0x60 }
            let key = String(decoding: name.filter { $0 != 0x60 }, as: UTF8.self)
            return key.isEmpty ? nil : key
        }
        let first = components.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        let key = first.filter { $0 != "`" }
        return key.isEmpty ? nil : key
    }

    /// The tokens of `tree` that write `name` as an identifier (bare, `$name`, `_name` or
    /// in backticks), for a name the index does not count.
    private static func tokens(naming name: String, in tree: SyntaxTree) -> [Int] {
        let bare = name.filter { $0 != "`" }
        return tree.tokens.indices.filter { position in
            let kind = tree.tokens[position].kind
            guard kind == .identifier || kind == .dollarIdentifier || kind == .keyword else { return false }
            let text = tree.token(at: position).text.filter { $0 != "`" }
            return text == bare || text == "$" + bare || text == "_" + bare
        }
    }

    /// Why removing the declaration is not proven safe, if it is not.
    private func withheldReason(variable: VariableDecl, type: TypeDecl, scope: [Node], name: String, isFilePrivate: Bool,
                                usesMirror: Bool, moduleIndexed: Bool, stringWords: StringWords) -> String? {
        let access = variable.node.children(.modifier).compactMap { $0.firstToken?.text }
        if let open = access.first(where: { ["public", "open", "package"].contains($0) }) {
            return "the property is `\(open)`, so another module may read it"
        }
        if !isFilePrivate && !moduleIndexed { return "the module's other files were not indexed" }
        var ancestor = variable.node.parent
        while let node = ancestor, node != type.node {
            if node.kind == .ifConfigClause { return "the declaration is in an `#if` branch" }
            ancestor = node.parent
        }
        if let other = variable.modifiers.attributes.first(where: { !UnusedEnvironment.wrappers.contains($0.name) }) {
            return "the property's attribute `@\(other.name)` may read it"
        }
        for declaration in scope {
            if let macro = TypeDecl(declaration)?.attributes.first(where: { !UnusedEnvironment.plainTypeAttributes.contains($0.name) }) {
                return "the type's attribute `@\(macro.name)` may be a macro that reads it"
            }
            if !declaration.descendants(.macroExpansionExpr).isEmpty || !declaration.descendants(.macroExpansionDecl).isEmpty {
                return "a macro in the type may read it"
            }
        }
        if usesMirror { return "the file uses `Mirror`, which reads properties by reflection" }
        if stringWords.contains(name) { return "a string names `\(name)`" }
        return nil
    }
}

/// Whether a file's string literals hold a name as a word (a run of letters, digits and
/// `_`), from the words of all of them, found the first time a property asks: a scan of
/// every string per property cost the square of the file's size. The words of ASCII
/// strings are kept as bytes (no `String` made for each); those of other strings, split
/// between characters, as strings, where another spelling may equal a name (the Kelvin
/// sign and `K`).
private final class StringWords {
    private let tree: SyntaxTree

    init(_ tree: SyntaxTree) { self.tree = tree }

    /// Whether some string of the file holds `name` as a whole word.
    func contains(_ name: String) -> Bool {
        // An escaped name (`` `default` ``) is written bare in a string.
        let bare = name.filter { $0 != "`" }
        guard ByteInterner.isASCII(bare) else { return allWords.contains(bare) }
        return words.other.contains(bare) || words.ascii.lookup(bare) != nil
    }

    /// The words of the ASCII string segments (a word character is a letter, a digit or
    /// `_`, byte by byte), and those of the others.
    private lazy var words: (ascii: ByteInterner, other: Set<String>) = {
        var ascii = ByteInterner(expected: 256)
        var other = Set<String>()
        tree.bytes.withUnsafeBufferPointer { bytes in
            for (position, token) in tree.tokens.enumerated() where token.kind == .stringSegment {
                let segment = UnsafeBufferPointer(rebasing: bytes[Int(token.textStart)..<Int(token.textEnd)])
                guard ByteInterner.isASCII(segment) else {
                    other.formUnion(StringWords.words(of: tree.token(at: position).text))
                    continue
                }
                var start: Int? = nil
                for offset in segment.indices {
                    if StringWords.isWordByte(segment[offset]) {
                        if start == nil { start = offset }
                    } else if let first = start {
                        _ = ascii.intern(UnsafeBufferPointer(rebasing: segment[first..<offset]))
                        start = nil
                    }
                }
                if let first = start { _ = ascii.intern(UnsafeBufferPointer(rebasing: segment[first...])) }
            }
        }
        return (ascii, other)
    }()

    /// Every word of the file's strings as strings, for a name that is not ASCII.
    private lazy var allWords: Set<String> = words.other.union((0..<words.ascii.count).map(words.ascii.string))

    /// The words of one string segment, split between characters.
    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var start: String.Index? = nil
        for index in text.indices {
            if isWordCharacter(text[index]) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(String(text[first..<index]))
                start = nil
            }
        }
        if let first = start { words.append(String(text[first...])) }
        return words
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5f
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
