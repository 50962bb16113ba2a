// The project-index pass: reads the declarations of each file of a run and keeps only
// names and type texts, so that the trees can be dropped as the files stream by.
import SwiftCST
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Builds a `ProjectIndex` one file at a time.
///
/// ```
/// var builder = ProjectIndexBuilder()
/// for file in files { builder.add(SyntaxTree.parse(file.bytes), path: file.path) }
/// let index = builder.finish()
/// ```
/// The builder keeps no reference to the trees it is given. Adding the same files in
/// any order gives the same index.
public struct ProjectIndexBuilder: Sendable {
    private var index = ProjectIndex()

    public init() {}

    /// Records the type declarations, extensions, properties and typealiases of `tree`.
    /// Declarations local to functions and closures are not recorded.
    public mutating func add(_ tree: SyntaxTree, path: String) {
        index.fileCount += 1
        index.indexedPaths.insert(path)
        record(declarations: flattenIfConfig(tree.root), scope: nil)
        index.names.set(ProjectIndexBuilder.names(in: tree), path: path)
        index.recordObservationFacts(of: tree, path: path)
    }

    /// How `tree` writes each name, in one pass over its tokens (bodies included: they are
    /// tokens even where the index pass leaves them unparsed). An identifier is mentioned
    /// (as a member too after a period, unless on `self`); a lowercase name is counted as
    /// `writtenNames` counts it.
    static func names(in tree: SyntaxTree) -> FileNames {
        let tokens = tree.tokens
        var uses = TokenNames(capacity: tokens.count / 8)
        return tree.bytes.withUnsafeBufferPointer { buffer in
            tokens.withUnsafeBufferPointer { tokens in
                var skippedUntil = -1
                var previous = TokenKind.endOfFile
                for position in tokens.indices {
                    let raw = tokens[position]
                    let afterPeriod = previous == .period
                    previous = raw.kind
                    if position > skippedUntil, raw.kind == .at, let close = environmentArgumentsEnd(after: position, in: tree) {
                        skippedUntil = close
                        continue
                    }
                    let isIdentifier = raw.kind == .identifier
                    guard isIdentifier || raw.kind == .dollarIdentifier || (raw.kind == .keyword && afterPeriod) else { continue }
                    let range = Int(raw.textStart)..<Int(raw.textEnd)
                    let counted = position > skippedUntil && countedRange(in: buffer, range) != nil
                        && !isBindingName(at: position, in: tokens)
                    guard isIdentifier || counted else { continue }
                    var flags: NameUse.Flags = []
                    if isIdentifier {
                        flags.insert(.mentioned)
                        if afterPeriod && (position < 2 || tokens[position - 2].keyword != .self) { flags.insert(.mentionedAsMember) }
                    }
                    uses.record(buffer, range, flags: flags, counted: counted, afterPeriod: afterPeriod)
                }
                return uses.fileNames(buffer)
            }
        }
    }

    /// The part of the name written in `range` that the counts key it by: without
    /// backticks and one leading `$` or `_`; nil when that does not start with a lowercase
    /// ASCII letter.
    private static func countedRange(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
        guard let base = bytes.baseAddress else { return nil }
        var start = range.lowerBound
        var end = range.upperBound
        guard start < end else { return nil }
        if base[start] == UInt8(ascii: "`"), end - start > 2 { start += 1; end -= 1 }
        if base[start] == UInt8(ascii: "$") || base[start] == UInt8(ascii: "_") { start += 1 }
        guard start < end, base[start] >= UInt8(ascii: "a"), base[start] <= UInt8(ascii: "z") else { return nil }
        return start..<end
    }

    /// The tokens that write each lowercase name of `keys`, as `ProjectIndex.nameCounts`
    /// keys them: bare (`x`) and after a period (`.x`), each list in source order. The key
    /// paths of `@Environment(…)` and `@FocusedValue(…)` name environment values, not
    /// members of the file's types, and are left out. `keys` are bare names (`x`, as
    /// `countedName` gives them); the tokens are compared with them as bytes, so no other
    /// name becomes a string. A key written nowhere has no entry.
    public static func writtenNames(in tree: SyntaxTree, of keys: Set<String>) -> [String: (bare: [Int], member: [Int])] {
        guard !keys.isEmpty else { return [:] }
        let wanted = keys.sorted().map { (name: $0, bytes: Array($0.utf8)) }
        // The names' first bytes: a counted name starts with a lowercase ASCII letter, which
        // no equivalent spelling changes, so a token starting with another is none of them.
        var firstLetters: UInt32 = 0  // bit n: a name starts with the n-th letter
        for key in wanted { if let first = key.bytes.first { firstLetters |= 1 << UInt32((first &- 0x61) & 31) } }
        // The names' lengths (bit n: a name of n bytes; bit 63: of 63 or more): a token
        // of another length is none of them, whatever its letter.
        var lengths: UInt64 = 0
        for key in wanted { lengths |= 1 << UInt64(min(key.bytes.count, 63)) }
        // The names by first letter: a file that declares hundreds of them compares each
        // token with the few of its letter, not with all.
        var byLetter = [[Int]](repeating: [], count: 26)
        for (index, key) in wanted.enumerated() where !key.bytes.isEmpty && key.bytes[0] &- 0x61 < 26 {
            byLetter[Int(key.bytes[0] &- 0x61)].append(index)
        }
        // Each key's tokens, by its place in `wanted`: a hit is appended, not hashed.
        var bare = [[Int]](repeating: [], count: wanted.count)
        var member = [[Int]](repeating: [], count: wanted.count)
        tree.bytes.withUnsafeBufferPointer { buffer in
            tree.tokens.withUnsafeBufferPointer { tokens in
                guard let base = buffer.baseAddress else { return }
                var previous: TokenKind = .endOfFile
                var position = 0
                while position < tokens.count {
                    let raw = tokens[position]
                    defer { previous = raw.kind; position += 1 }
                    if raw.kind == .at, let close = environmentArgumentsEnd(after: position, in: tree) {
                        position = close
                        continue
                    }
                    let afterPeriod = previous == .period
                    guard raw.kind == .identifier || raw.kind == .dollarIdentifier || (raw.kind == .keyword && afterPeriod) else { continue }
                    guard let counted = countedRange(in: buffer, Int(raw.textStart)..<Int(raw.textEnd)),
                          !isBindingName(at: position, in: tokens) else { continue }
                    let start = counted.lowerBound, length = counted.count
                    let letter = base[start] &- 0x61
                    guard firstLetters & (1 << UInt32(letter)) != 0 else { continue }
                    let ascii = ByteInterner.isASCII(UnsafeBufferPointer(start: base + start, count: length))
                    let key: Int?
                    if ascii {
                        guard lengths & (1 << UInt64(min(length, 63))) != 0 else { continue }
                        key = byLetter[Int(letter)].first { candidate in
                            wanted[candidate].bytes.count == length
                                && wanted[candidate].bytes.withUnsafeBufferPointer { FileNames.sameBytes($0.baseAddress!, base + start, count: length) }
                        }
                    } else {
                        // Not ASCII: compared as decoded text, as the declared names were.
                        let name = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
                        key = wanted.firstIndex { $0.name == name }
                    }
                    guard let key else { continue }
                    if afterPeriod { member[key].append(position) } else { bare[key].append(position) }
                }
            }
        }
        var written: [String: (bare: [Int], member: [Int])] = [:]
        for (index, key) in wanted.enumerated() where !bare[index].isEmpty || !member[index].isEmpty {
            written[key.name] = (bare[index], member[index])
        }
        return written
    }

    /// Whether the token at `position` is the name a `let` or `var` declares (`var x: T`,
    /// `let x = …`): it writes the name without reading it, so the counts leave it out,
    /// and a property declared in many files is not read by any of those declarations.
    /// `if let x {`, `guard let x else` and `if let x, …` read `x`: they stay counted.
    static func isBindingName(at position: Int, in tokens: UnsafeBufferPointer<RawToken>) -> Bool {
        guard position > 0 else { return false }
        let keyword = tokens[position - 1].keyword
        guard tokens[position - 1].kind == .keyword, keyword == .let || keyword == .var else { return false }
        guard position + 1 < tokens.count else { return true }
        let next = tokens[position + 1]
        switch next.kind {
        case .leftBrace, .comma, .rightParen: return false
        case .keyword: return next.keyword != .else && next.keyword != .where
        default: return true
        }
    }

    /// The key `writtenNames` and `ProjectIndex.nameCounts` use for a declared `name`:
    /// without backticks and one leading `$` or `_`; nil when that does not start with a
    /// lowercase ASCII letter, as such names are not counted.
    public static func countedName(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            countedRange(in: buffer, 0..<buffer.count).map { String(decoding: buffer[$0], as: UTF8.self) }
        }
    }

    /// For the `@` at `at` of `@Environment(…)`, `@FocusedValue(…)` (or `@SwiftUI.…`): the
    /// index of the closing parenthesis; nil for any other attribute.
    private static func environmentArgumentsEnd(after at: Int, in tree: SyntaxTree) -> Int? {
        var next = at + 1
        if next + 2 < tree.tokens.count, tree.token(at: next).textIs("SwiftUI"), tree.tokens[next + 1].kind == .period { next += 2 }
        guard next + 1 < tree.tokens.count, tree.token(at: next).textIs("Environment") || tree.token(at: next).textIs("FocusedValue"),
              tree.tokens[next + 1].kind == .leftParen else { return nil }
        var depth = 0
        for position in (next + 1)..<tree.tokens.count {
            switch tree.tokens[position].kind {
            case .leftParen: depth += 1
            case .rightParen:
                depth -= 1
                if depth == 0 { return position }
            default: continue
            }
        }
        return nil
    }

    /// The index of every file added so far.
    public func finish() -> ProjectIndex { index }

    /// The index of `trees`, in one call (keeps every tree alive meanwhile; prefer `add`
    /// when files stream).
    public static func build(_ trees: [(path: String, tree: SyntaxTree)]) -> ProjectIndex {
        var builder = ProjectIndexBuilder()
        for (path, tree) in trees { builder.add(tree, path: path) }
        return builder.finish()
    }

    // MARK: - Declarations

    private mutating func record(declarations: [Node], scope: String?, viewGenerics: Set<String> = [], isView: Bool = false) {
        // A type's properties are gathered here and stored with one lookup of the type,
        // before any nested declaration is recorded (so that the order of writes holds).
        var properties = Properties()
        var callables: [String: String] = [:]
        // Sized once: grown a step at a time, each table was rehashed several times.
        if scope != nil {
            let variables = declarations.reduce(0) { $0 + ($1.kind == .variableDecl ? 1 : 0) }
            if variables > 2 { properties.types.reserveCapacity(variables) }
        }
        for declaration in declarations {
            switch declaration.kind {
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                if let scope { store(&properties, in: scope) }
                if let type = TypeDecl(declaration) { record(type: type, scope: scope) }
            case .typealiasDecl:
                guard let alias = TypealiasDecl(declaration), let name = alias.name,
                      let aliased = alias.aliasedType else { continue }
                index.typealiases[qualify(name, in: scope)] = TypeResolver.typeText(of: aliased)
            case .variableDecl:
                if let scope, let variable = VariableDecl(declaration) { record(variable: variable, in: scope, into: &properties) }
            case .functionDecl, .initializerDecl:
                // A view's initializers may take a typealias of a closure (`onTap: Action`);
                // its methods and everything else are kept only when a parameter is written
                // as a function type or with an attribute.
                if let function = FunctionLikeDecl(declaration),
                   let (signature, parameters) = CallableSignature.of(function, viewGenerics: viewGenerics,
                                                                      namedTypes: isView && declaration.kind == .initializerDecl) {
                    callables[signature] = parameters
                }
                // `init(…) { id = UUID() }`: read from the tokens, as bodies are left unparsed.
                if declaration.kind == .initializerDecl, let scope, ProjectIndexBuilder.assignsFreshID(declaration) {
                    index.freshlyIdentifiedTypes.insert(scope)
                }
            default:
                continue
            }
        }
        if let scope { store(&properties, in: scope) }
        if !callables.isEmpty {
            for (signature, parameters) in callables {
                let (key, entry) = CallableSignature.place(of: signature, owner: scope ?? "")
                index.propertyTypes[key, default: [:]][entry] = parameters
            }
        }
    }

    /// Property types and wrappers of one type, by property name, in order of writing.
    private struct Properties {
        var types: [String: String] = [:]
        var wrappers: [String: String] = [:]
    }

    private mutating func store(_ properties: inout Properties, in type: String) {
        if !properties.types.isEmpty {
            if index.propertyTypes[type]?.isEmpty ?? true {
                index.propertyTypes[type] = properties.types
            } else {
                index.propertyTypes[type, default: [:]].merge(properties.types) { $1 }
            }
            properties.types = [:]
        }
        if !properties.wrappers.isEmpty {
            index.propertyWrappers[type, default: [:]].merge(properties.wrappers) { $1 }
            properties.wrappers = [:]
        }
    }

    private mutating func record(type: TypeDecl, scope: String?) {
        let qualified: String
        if type.isExtension {
            // An extension names its type fully qualified from the top level.
            guard let extended = type.name else { return }
            qualified = ProjectIndex.stripGenericArguments(ProjectIndex.normalizedTypeText(extended))
        } else {
            guard let name = type.nameToken?.text else { return }
            qualified = qualify(name, in: scope)
            index.declareType(qualified)
            if type.node.kind == .classDecl { index.classTypes.insert(qualified) }
            if type.isGeneric { index.genericTypes.insert(qualified) }
        }
        var inherited = Set(type.inheritedTypeNames.map { ProjectIndex.stripGenericArguments(ProjectIndex.normalizedTypeText($0)) })
        let attributes = type.attributes.map(\.name)
        // SwiftData's `@Model` macro adds `PersistentModel`, which refines `Identifiable`.
        if attributes.contains(where: { $0 == "Model" || $0 == "SwiftData.Model" }) {
            inherited.insert("PersistentModel")
        }
        // Observation's `@Observable` macro adds the `Observable` conformance.
        if attributes.contains(where: { $0 == "Observable" || $0 == "Observation.Observable" }) {
            inherited.insert("Observable")
        }
        index.conformances[qualified, default: []].formUnion(inherited)
        if index.propertyTypes[qualified] == nil { index.propertyTypes[qualified] = [:] }
        let viewGenerics = type.isGeneric ? CallableSignature.viewGenerics(of: type.node) : []
        // A view, a modifier, or an extension of either: its closures are content or actions.
        let isView = !inherited.isDisjoint(with: CallableSignature.viewProtocols)
            || CallableSignature.viewProtocols.contains(qualified)
        record(declarations: type.members, scope: qualified, viewGenerics: viewGenerics, isView: isView)
        // A memberwise initializer is kept when a stored property is written as a function
        // type or with an attribute (`let onTap: () -> Void`, `@ViewBuilder let content`):
        // reading every view's stored properties cost more than the typealiases it finds.
        if type.node.kind == .structDecl,
           let (signature, parameters) = CallableSignature.memberwise(of: type.members, viewGenerics: viewGenerics, namedTypes: false) {
            let (key, entry) = CallableSignature.place(of: signature, owner: qualified)
            index.propertyTypes[key, default: [:]][entry] = parameters
        }
    }

    private mutating func record(variable: VariableDecl, in type: String, into properties: inout Properties) {
        guard !variable.isStatic else { return }
        let wrapper = variable.modifiers.lastAttribute.map(\.name)
        for binding in variable.bindings {
            guard let name = binding.name else { continue }
            let typeText = binding.type.map(TypeResolver.typeText(of:))
                ?? binding.initializer.flatMap(TypeResolver.inferredType(ofInitializer:))
            if let typeText { properties.types[name] = typeText }
            if name == "id", let getter = binding.accessorBlock, ProjectIndexBuilder.returnsSelfOrRawValue(getter) {
                index.selfIdentifiedTypes.insert(type)
            }
            if name == "id", let made = binding.initializer ?? binding.accessorBlock, ProjectIndexBuilder.makesFreshValue(made) {
                index.freshlyIdentifiedTypes.insert(type)
            }
            if let wrapper { properties.wrappers[name] = wrapper }
        }
    }

    /// `{ self }`, `{ return self }`, `{ get { self } }`, and the same of `rawValue` (or
    /// `self.rawValue`), which stands one to one for the value of a raw-value enum or any
    /// `RawRepresentable` hashed by it: read from the tokens, since the index parses
    /// declarations only and leaves accessor bodies unparsed.
    private static func returnsSelfOrRawValue(_ accessors: Node) -> Bool {
        var words = (accessors.firstTokenIndex..<accessors.endTokenIndex).map { accessors.tree.token(at: $0).text }
        guard words.first == "{", words.last == "}" else { return false }
        words = Array(words.dropFirst().dropLast())
        if words.first == "get", words.count >= 3, words[1] == "{", words.last == "}" { words = Array(words.dropFirst(2).dropLast()) }
        if words.first == "return" { words.removeFirst() }
        return words == ["self"] || words == ["rawValue"] || words == ["self", ".", "rawValue"]
    }

    /// Whether the tokens of `node` make a value that differs at every evaluation:
    /// `UUID()`, `Date()`, `Date.now`, `.random(…)`.
    static func makesFreshValue(_ node: Node) -> Bool {
        let tree = node.tree
        for index in node.firstTokenIndex..<node.endTokenIndex where index + 1 < node.endTokenIndex {
            let token = tree.token(at: index), next = tree.token(at: index + 1)
            if (token.textIs("UUID") || token.textIs("Date")) && next.kind == .leftParen
                && index + 2 < node.endTokenIndex && tree.tokens[index + 2].kind == .rightParen { return true }
            if token.textIs("Date") && next.kind == .period && index + 2 < node.endTokenIndex && tree.token(at: index + 2).textIs("now") {
                return true
            }
            if token.kind == .period && next.textIs("random") { return true }
        }
        return false
    }

    /// Whether an initializer's tokens assign a fresh value to `id` (`id = UUID()`,
    /// `self.id = UUID().uuidString`).
    static func assignsFreshID(_ initializer: Node) -> Bool {
        let tree = initializer.tree
        for index in initializer.firstTokenIndex..<initializer.endTokenIndex where tree.token(at: index).textIs("id") {
            guard index + 2 < initializer.endTokenIndex, tree.token(at: index + 1).textIs("=") else { continue }
            if index > initializer.firstTokenIndex, tree.tokens[index - 1].kind == .period,
               !(index >= 2 && tree.token(at: index - 2).keyword == .self) { continue }
            let value = tree.token(at: index + 2)
            if (value.textIs("UUID") || value.textIs("Date")) && index + 4 < initializer.endTokenIndex
                && tree.tokens[index + 3].kind == .leftParen && tree.tokens[index + 4].kind == .rightParen { return true }
        }
        return false
    }

    private func qualify(_ name: String, in scope: String?) -> String {
        scope.map { $0 + "." + name } ?? name
    }
}

/// The names of one file's tokens while they are read, keyed by their bytes: a name is made
/// a `String` (and hashed as one) once per file, not once per token.
private struct TokenNames {
    private struct Entry {
        var start: Int32
        var end: Int32
        var hash: UInt32
        var use: NameUse
    }

    private var entries: [Entry] = []
    /// Open addressing: an entry's position plus one, 0 when free.
    private var slots: [Int32]

    init(capacity: Int) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](filling: 0, count: size)
    }

    /// Adds one write of the name in `range` of `bytes`.
    mutating func record(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, flags: NameUse.Flags, counted: Bool,
                         afterPeriod: Bool) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
        guard let base = bytes.baseAddress else { return }
        let hash = FileNames.hash(UnsafeRawPointer(base + range.lowerBound), count: range.count)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let found = slots[slot]
            if found == 0 { break }
            let entry = entries[Int(found) - 1]
            if entry.hash == hash && Int(entry.end - entry.start) == range.count
                && FileNames.sameBytes(base + Int(entry.start), base + range.lowerBound, count: range.count) {
                TokenNames.add(&entries[Int(found) - 1].use, flags: flags, counted: counted, afterPeriod: afterPeriod)
                return
            }
            slot = (slot + 1) & mask
        }
        var use = NameUse()
        TokenNames.add(&use, flags: flags, counted: counted, afterPeriod: afterPeriod)
        entries.append(Entry(start: Int32(range.lowerBound), end: Int32(range.upperBound), hash: hash, use: use))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    private static func add(_ use: inout NameUse, flags: NameUse.Flags, counted: Bool, afterPeriod: Bool) {
        use.flags.formUnion(flags)
        guard counted else { return }
        if afterPeriod { use.memberWrites += 1 } else { use.plainWrites += 1 }
    }

    private mutating func grow() {
        slots = [Int32](filling: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, entry) in entries.enumerated() {
            var slot = Int(entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }

    /// The names and their uses, in the order first written.
    func fileNames(_ bytes: UnsafeBufferPointer<UInt8>) -> FileNames {
        FileNames(source: bytes, spans: entries.map { ($0.start, $0.end, $0.hash, $0.use) })
    }

    private static func add(_ use: NameUse, to sum: inout NameUse) {
        sum.flags.formUnion(use.flags)
        sum.plainWrites += use.plainWrites
        sum.memberWrites += use.memberWrites
    }
}
