// Facts gathered from every file of a run before the rules: type declarations, their
// conformances and property types, and the queries rules ask of them.
import SwiftCST

/// What the run knows about the types declared in its files.
///
/// Types are keyed by qualified name (`Outer.Inner`); generic parameters are not part of
/// a key (`Box<T>` is `Box`). Type texts are stored as written, with whitespace removed
/// except between words (`some View`). An immutable value once built: rules share it
/// across threads.
public struct ProjectIndex: Sendable {
    /// The facts, in one object: a run hands the same module index to every file's rules
    /// on several threads, and a copy of the index is one reference, not a dozen tables.
    /// Copied before a change while shared.
    private final class Storage: @unchecked Sendable {
        var conformances: [String: Set<String>] = [:]
        var propertyTypes: [String: [String: String]] = [:]
        var typealiases: [String: String] = [:]
        var propertyWrappers: [String: [String: String]] = [:]
        var declaredTypes: Set<String> = []
        var declaredSimpleNames: Set<String> = []
        var classTypes: Set<String> = []
        var fileCount = 0
        var indexedPaths: Set<String> = []
        var selfIdentifiedTypes: Set<String> = []
        var freshlyIdentifiedTypes: Set<String> = []
        var genericTypes: Set<String> = []
        var names = NameTable()

        init() {}

        init(copying other: Storage) {
            conformances = other.conformances
            propertyTypes = other.propertyTypes
            typealiases = other.typealiases
            propertyWrappers = other.propertyWrappers
            declaredTypes = other.declaredTypes
            declaredSimpleNames = other.declaredSimpleNames
            classTypes = other.classTypes
            fileCount = other.fileCount
            indexedPaths = other.indexedPaths
            selfIdentifiedTypes = other.selfIdentifiedTypes
            freshlyIdentifiedTypes = other.freshlyIdentifiedTypes
            genericTypes = other.genericTypes
            names = other.names
        }
    }

    private var storage: Storage

    /// The same for copies of one index that no change has set apart; a memo of values
    /// derived from an index keys them by it, holding the index (so that the identity is
    /// not reused while the value is kept).
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Copies the storage when another index shares it, before a change.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Type name → names of the protocols and superclasses it is declared to conform to
    /// (declaration and extensions).
    public var conformances: [String: Set<String>] {
        _read { yield storage.conformances }
        _modify {
            makeUnique()
            yield &storage.conformances
        }
    }
    /// Type name → property name → declared type text (or the type its initializer
    /// proves, as in `var items = [Item]()`).
    public var propertyTypes: [String: [String: String]] {
        _read { yield storage.propertyTypes }
        _modify {
            makeUnique()
            yield &storage.propertyTypes
        }
    }
    /// Typealias name → aliased type text.
    public var typealiases: [String: String] {
        _read { yield storage.typealiases }
        _modify {
            makeUnique()
            yield &storage.typealiases
        }
    }
    /// Type name → property name → the property wrapper it is declared with (`State`,
    /// `Binding`, `ObservedObject`, …), for properties that have one.
    public var propertyWrappers: [String: [String: String]] {
        _read { yield storage.propertyWrappers }
        _modify {
            makeUnique()
            yield &storage.propertyWrappers
        }
    }
    /// Every type declared (not only extended) in the indexed files, by qualified name.
    public internal(set) var declaredTypes: Set<String> {
        _read { yield storage.declaredTypes }
        _modify {
            makeUnique()
            yield &storage.declaredTypes
        }
    }
    /// The last component of each of `declaredTypes` (`Inner` for `Outer.Inner`): whether
    /// the module declares a type of a simple name, without a pass over all its types.
    public internal(set) var declaredSimpleNames: Set<String> {
        _read { yield storage.declaredSimpleNames }
        _modify {
            makeUnique()
            yield &storage.declaredSimpleNames
        }
    }
    /// Classes among `declaredTypes` (their superclass may carry conformances).
    public var classTypes: Set<String> {
        _read { yield storage.classTypes }
        _modify {
            makeUnique()
            yield &storage.classTypes
        }
    }
    /// How many files the index was built from; 0 when no index pass ran.
    public var fileCount: Int {
        get { storage.fileCount }
        set {
            makeUnique()
            storage.fileCount = newValue
        }
    }
    /// Paths of the files this index was built from (as the run names them).
    public var indexedPaths: Set<String> {
        _read { yield storage.indexedPaths }
        _modify {
            makeUnique()
            yield &storage.indexedPaths
        }
    }
    /// Types whose `id` is the value itself (`var id: Self { self }`): identifying their
    /// values by `\.self` or by `id` is the same identity.
    public var selfIdentifiedTypes: Set<String> {
        _read { yield storage.selfIdentifiedTypes }
        _modify {
            makeUnique()
            yield &storage.selfIdentifiedTypes
        }
    }
    /// Types whose `id` is made anew with each value (`let id = UUID()`, `var id: String {
    /// UUID().uuidString }`): values built again are new identities.
    public var freshlyIdentifiedTypes: Set<String> {
        _read { yield storage.freshlyIdentifiedTypes }
        _modify {
            makeUnique()
            yield &storage.freshlyIdentifiedTypes
        }
    }
    /// Declared types with generic parameters (`Box<T>`), which cannot hold static stored
    /// properties, nor can their extensions.
    public var genericTypes: Set<String> {
        _read { yield storage.genericTypes }
        _modify {
            makeUnique()
            yield &storage.genericTypes
        }
    }
    /// The names the indexed files write, one table for two questions: which files name a
    /// member or type (`mentions`) and how often a lowercase name is written
    /// (`nameCounts`). Keyed by the token's text as written; each entry says how one file
    /// writes it.
    var names: NameTable {
        _read { yield storage.names }
        _modify {
            makeUnique()
            yield &storage.names
        }
    }

    /// Identifier → paths of the files whose code names it (`name` for every identifier
    /// token, declarations included; also `.name` when it follows a period on another
    /// value than `self`, as in `x.name`): who may use a member, for rules that change a
    /// member's type. A view of `names`.
    public var mentions: NameMentions { NameMentions(index: self) }
    /// How many times each lowercase name is written in the indexed files, in code and
    /// comments' code alike: `x`, `_x`, `$x` and `` `x` `` all count under `x`, and a name
    /// written after a `.` (`self.x`, `.x(…)`) counts under `.x` instead. The name a `let`
    /// or `var` declares is not counted: a declaration is not a use. A rule learns from
    /// it whether other files of the module may use a member it sees unused in its own.
    /// A view of `names`.
    public var nameCounts: NameCounts { NameCounts(index: self) }

    public init(conformances: [String: Set<String>] = [:], propertyTypes: [String: [String: String]] = [:],
                typealiases: [String: String] = [:], propertyWrappers: [String: [String: String]] = [:],
                declaredTypes: Set<String> = [], classTypes: Set<String> = [], fileCount: Int = 0) {
        // Filled before it is stored: the accessors are not used while `self` is made.
        let storage = Storage()
        storage.conformances = conformances
        storage.propertyTypes = propertyTypes
        storage.typealiases = typealiases
        storage.propertyWrappers = propertyWrappers
        storage.declaredTypes = declaredTypes
        storage.declaredSimpleNames = Set(declaredTypes.map(ProjectIndex.lastComponent))
        storage.classTypes = classTypes
        storage.fileCount = fileCount
        self.storage = storage
    }

    /// Adds the facts of `other`, an index of other files, in place: the run's pass
    /// over all files folds each file's index into one, in file order.
    public mutating func absorb(_ other: ProjectIndex) {
        let files = fileCount + other.fileCount
        addFacts(of: other)
        fileCount = files
    }

    /// This index with the facts of `other` added (conformance sets are united; for a
    /// property known to both, `other`'s type wins).
    public func merging(_ other: ProjectIndex) -> ProjectIndex {
        var merged = self
        merged.addFacts(of: other)
        merged.fileCount = max(fileCount, other.fileCount)
        return merged
    }

    /// Adds every fact of `other`; its name table only when `names` (a fold that builds
    /// the table itself passes false).
    mutating func addFacts(of other: ProjectIndex, names includeNames: Bool = true) {
        for (type, names) in other.conformances { conformances[type, default: []].unite(names) }
        for (type, properties) in other.propertyTypes {
            if propertyTypes[type] == nil { propertyTypes[type] = properties; continue }
            propertyTypes[type, default: [:]].merge(properties) { _, new in new }
        }
        for (type, wrappers) in other.propertyWrappers {
            if propertyWrappers[type] == nil { propertyWrappers[type] = wrappers; continue }
            propertyWrappers[type, default: [:]].merge(wrappers) { _, new in new }
        }
        if !other.typealiases.isEmpty { typealiases.merge(other.typealiases) { _, new in new } }
        addTypeSets(of: other)
        if includeNames { addNames(of: other) }
    }

    /// Adds the sets of `other`: its declared, class and self-identified types and the
    /// paths it indexed (what every way of merging indexes unites the same way).
    mutating func addTypeSets(of other: ProjectIndex) {
        declaredTypes.unite(other.declaredTypes)
        declaredSimpleNames.unite(other.declaredSimpleNames)
        classTypes.unite(other.classTypes)
        selfIdentifiedTypes.unite(other.selfIdentifiedTypes)
        freshlyIdentifiedTypes.unite(other.freshlyIdentifiedTypes)
        genericTypes.unite(other.genericTypes)
        indexedPaths.unite(other.indexedPaths)
    }

    /// Appends the name table of `other`, its files renumbered into this index's.
    private mutating func addNames(of other: ProjectIndex) {
        names.add(other.names)
    }

    /// The position of `path` among the files the local name table numbers.
    mutating func fileID(_ path: String) -> Int32 {
        names.fileID(path)
    }

    /// Records how the file at `path` writes each name (for the builder and the decoder).
    mutating func setNames(_ uses: [String: NameUse], path: String) {
        names.set(uses, path: path)
    }

    /// Whether every fact of `other` is already in this index, so that merging it would
    /// change nothing (a rule can then skip the copy that `merging` makes).
    public func covers(_ other: ProjectIndex) -> Bool {
        // Name counts add up: only the files' own counts are already in.
        if !other.names.isEmpty && !other.names.paths.allSatisfy(names.contains(path:)) { return false }
        for (type, names) in other.conformances where !(conformances[type].map(names.isSubset(of:)) ?? false) { return false }
        for (type, properties) in other.propertyTypes {
            guard let known = propertyTypes[type] else { return false }
            for (name, text) in properties where known[name] != text { return false }
        }
        for (type, wrappers) in other.propertyWrappers {
            guard let known = propertyWrappers[type] else { return false }
            for (name, wrapper) in wrappers where known[name] != wrapper { return false }
        }
        for (name, text) in other.typealiases where typealiases[name] != text { return false }
        var missing = false
        other.names.forEachUse { name, path, use in
            guard !missing else { return }
            var found = false
            names.forEachUse(of: name) { known, knownPath in
                if !found && known.flags.isSuperset(of: use.flags) && knownPath == path { found = true }
            }
            missing = !found
        }
        if missing { return false }
        return other.declaredTypes.isSubset(of: declaredTypes) && other.classTypes.isSubset(of: classTypes)
            && other.selfIdentifiedTypes.isSubset(of: selfIdentifiedTypes)
            && other.freshlyIdentifiedTypes.isSubset(of: freshlyIdentifiedTypes)
            && other.genericTypes.isSubset(of: genericTypes)
    }

    /// Records a type declared (not only extended) under its qualified name.
    public mutating func declareType(_ qualifiedName: String) {
        declaredTypes.insert(qualifiedName)
        declaredSimpleNames.insert(ProjectIndex.lastComponent(qualifiedName))
    }

    /// `Inner` for `Outer.Inner`; a name without a dot as it is.
    public static func lastComponent(_ name: String) -> String {
        // Read through a pointer where the bytes are contiguous: most names have no period,
        // and stepping through the UTF-8 view cost more than the rest of a lookup.
        let scan: (period: Bool, ascii: Bool) = name.utf8.withContiguousStorageIfAvailable { bytes -> (period: Bool, ascii: Bool) in
            var period = false, high: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: ".") { period = true }
                high |= byte
            }
            return (period, high < 0x80)
        } ?? (name.utf8.contains(UInt8(ascii: ".")), name.utf8.allSatisfy { $0 < 0x80 })
        guard scan.period else { return name }
        // ASCII: the bytes after the last period that is followed by something (as the
        // split by characters below gives it, without splitting characters apart).
        if scan.ascii {
            let utf8 = name.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: ".") { end = utf8.index(before: end) }
            guard end > utf8.startIndex else { return name }
            var start = end
            while start > utf8.startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: ".") { start = utf8.index(before: start) }
            return String(name[start..<end])
        }
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    // MARK: - Names

    /// The indexed files other than `path` whose code names `name` (as `name` or `x.name`).
    public func filesMentioning(_ name: String, besides path: String) -> Set<String> {
        var files = names.paths(of: name, withAnyOf: [.mentioned, .mentionedAsMember])
        files.remove(path)
        return files
    }

    /// Whether a type the project declares is what `name` means when written in `scope` (a
    /// qualified type name, nil at file scope): one declared at top level, or nested in
    /// `scope` or a type around it. `L10n.Text` nested in an enum leaves `Text` elsewhere to
    /// SwiftUI.
    public func declaresType(named name: String, visibleFrom scope: String?) -> Bool {
        if typealiases[name] != nil { return true }
        guard declaredSimpleNames.contains(name) else { return false }
        if declaredTypes.contains(name) { return true }
        var enclosing = scope
        while let current = enclosing {
            if declaredTypes.contains(current + "." + name) { return true }
            enclosing = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        return false
    }

    /// Whether the files of the run declare, extend or alias a type of this qualified name.
    public func isSeen(_ qualifiedName: String) -> Bool {
        declaredTypes.contains(qualifiedName) || conformances[qualifiedName] != nil
            || propertyTypes[qualifiedName] != nil || typealiases[qualifiedName] != nil
    }

    /// The qualified name `name` refers to when written inside the type `scope` (itself
    /// qualified, e.g. `Outer.View`): the innermost enclosing declaration wins, as in
    /// Swift's lookup. Generic arguments are dropped. Returns `name` without generic
    /// arguments when nothing in the run matches.
    public func qualifiedName(of name: String, inScope scope: String? = nil) -> String {
        let bare = ProjectIndex.stripGenericArguments(name)
        if let scope, !scope.isEmpty {
            var components = scope.split(separator: ".").map(String.init)
            while !components.isEmpty {
                let candidate = components.joined(separator: ".") + "." + bare
                if isSeen(candidate) { return candidate }
                components.removeLast()
            }
        }
        return bare
    }

    /// The type text `name` stands for once typealiases are followed (up to a depth that
    /// stops cycles); `name` itself when it is no alias.
    public func resolvingTypealiases(_ name: String, inScope scope: String? = nil) -> String {
        var current = name
        for _ in 0..<8 {
            let bare = ProjectIndex.stripGenericArguments(current)
            guard bare == current else { return current }  // generic aliases are not followed
            let key = qualifiedName(of: current, inScope: scope)
            guard let aliased = typealiases[key] else { return current }
            current = aliased
        }
        return current
    }

    /// How many times `name` is written in the indexed files, as `name`, `_name` or
    /// `$name`, plus (with `members`) as `.name`.
    public func count(of name: String, members: Bool = true) -> Int {
        writes(of: name, asMember: false) + (members ? writes(of: name, asMember: true) : 0)
    }

    /// The spellings that count as writing the lowercase `name`: `name`, `_name`, `$name`,
    /// and each of them between backticks.
    func writes(of name: String, asMember: Bool) -> Int {
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return 0 }
        var total = 0
        for spelling in [name, "_" + name, "$" + name] {
            for key in [spelling, "`" + spelling + "`"] {
                total += names.writes(of: key, asMember: asMember)
            }
        }
        return total
    }

    // MARK: - Identifiable

    /// Types from the standard library and Foundation that are known to be `Hashable` and
    /// not `Identifiable`.
    public static let plainValueTypes: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Float16", "CGFloat",
        "Decimal", "UUID", "Date", "URL", "Data", "Locale", "TimeZone", "IndexPath",
        "Swift.String", "Swift.Int", "Swift.Double", "Swift.Bool", "Foundation.UUID", "Foundation.Date",
        "Foundation.URL",
    ]

    /// Conformances that make a type `Identifiable`: the protocol itself, SwiftData's
    /// `PersistentModel` (added by `@Model`) and Core Data's `NSManagedObject`.
    static let identifiableMarkers: Set<String> = [
        "Identifiable", "Swift.Identifiable", "SwiftUI.Identifiable", "PersistentModel",
        "SwiftData.PersistentModel", "NSManagedObject", "CoreData.NSManagedObject",
    ]

    /// Protocols of the standard library and SwiftUI that do not refine `Identifiable`:
    /// a declared type whose conformances are all known and none of them leads to
    /// `Identifiable` is proven not to be.
    static let knownNonIdentifyingProtocols: Set<String> = [
        "Hashable", "Equatable", "Comparable", "Codable", "Encodable", "Decodable", "Sendable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "CaseIterable", "Error",
        "View", "ObservableObject", "RawRepresentable", "AnyObject", "Observable", "DynamicProperty",
        "ViewModifier", "App", "Scene", "PreviewProvider", "String", "Int", "UInt8", "Double",
        "LocalizedError", "Transferable", "NSObject", "ExpressibleByStringLiteral",
    ]

    /// Whether values of the type named `typeName` are `Identifiable`: `true` or `false`
    /// when the run's files (or the standard library) prove it, `nil` when the type is
    /// unknown or inherits from something unknown.
    public func isIdentifiable(_ typeName: String, inScope scope: String? = nil) -> Bool? {
        var visited: Set<String> = []
        return identifiable(typeName, scope: scope, visited: &visited)
    }

    private func identifiable(_ typeName: String, scope: String?, visited: inout Set<String>) -> Bool? {
        let resolved = resolvingTypealiases(typeName, inScope: scope)
        if ProjectIndex.identifiableMarkers.contains(resolved) { return true }
        let key = qualifiedName(of: resolved, inScope: scope)
        guard visited.insert(key).inserted else { return false }
        let inherited = conformances[key] ?? []
        if !inherited.isDisjoint(with: ProjectIndex.identifiableMarkers) { return true }
        var everyConformanceKnown = true
        for name in inherited.sorted() {
            if ProjectIndex.knownNonIdentifyingProtocols.contains(name) { continue }
            switch identifiable(name, scope: scope, visited: &visited) {
            case .some(true): return true
            case .some(false): continue
            case .none: everyConformanceKnown = false
            }
        }
        if ProjectIndex.plainValueTypes.contains(resolved) { return false }
        if let wrapped = ProjectIndex.genericArguments(of: resolved, base: "Binding"), wrapped.count == 1 {
            return identifiable(wrapped[0], scope: scope, visited: &visited)  // Binding: Identifiable where Value is
        }
        // Optionals, tuples, arrays, dictionaries and the standard collections are not
        // Identifiable unless an extension says so (looked up above by their base name).
        let isStructural = resolved.hasSuffix("?") || resolved.hasSuffix("!") || resolved.hasPrefix("(") || resolved.hasPrefix("[")
        if isStructural || ProjectIndex.collectionBases.contains(ProjectIndex.stripGenericArguments(resolved)) { return false }
        guard declaredTypes.contains(key) else { return nil }
        return everyConformanceKnown ? false : nil
    }

    /// Whether the `id` of values of `typeName` is declared as the value itself, so that
    /// `id: \.self` already is the element's own identity.
    public func isIdentifiedBySelf(_ typeName: String, inScope scope: String? = nil) -> Bool {
        selfIdentifiedTypes.contains(qualifiedName(of: resolvingTypealiases(typeName, inScope: scope), inScope: scope))
    }

    /// Whether the `id` of values of `typeName` is made anew with each value (`UUID()`),
    /// so that the same data built again has other ids.
    public func isFreshlyIdentified(_ typeName: String, inScope scope: String? = nil) -> Bool {
        freshlyIdentifiedTypes.contains(qualifiedName(of: resolvingTypealiases(typeName, inScope: scope), inScope: scope))
    }

    // MARK: - Properties

    /// The declared type text of the property `name` of the type `typeName` (declaration
    /// or extension), or nil when the run does not know it.
    public func propertyType(of typeName: String, named name: String, inScope scope: String? = nil) -> String? {
        let key = qualifiedName(of: resolvingTypealiases(typeName, inScope: scope), inScope: scope)
        return propertyTypes[key]?[name]
    }

    /// The property wrapper the property `name` of `typeName` is declared with, if any.
    public func propertyWrapper(of typeName: String, named name: String, inScope scope: String? = nil) -> String? {
        let key = qualifiedName(of: resolvingTypealiases(typeName, inScope: scope), inScope: scope)
        return propertyWrappers[key]?[name]
    }

    // MARK: - Collections

    static let collectionBases: Set<String> = [
        "Array", "Set", "ArraySlice", "ContiguousArray", "IdentifiedArrayOf", "IdentifiedArray",
        "FetchedResults", "Binding", "Dictionary", "Optional",
    ]

    /// The element type of a collection type text: `[Item]`, `Array<Item>`, `Set<Item>`,
    /// `ArraySlice<Item>`, `ContiguousArray<Item>`, `IdentifiedArrayOf<Item>`,
    /// `FetchedResults<Item>`, and `Binding<…>` of any of them. Typealiases are followed.
    public func elementType(ofCollectionType typeText: String, inScope scope: String? = nil) -> String? {
        collectionType(typeText, inScope: scope)?.element
    }

    /// What a collection type text is made of; nil when it is not a collection this
    /// index understands.
    public func collectionType(_ typeText: String, inScope scope: String? = nil) -> CollectionType? {
        var text = resolvingTypealiases(ProjectIndex.normalizedTypeText(typeText), inScope: scope)
        var isBinding = false
        if let wrapped = ProjectIndex.genericArguments(of: text, base: "Binding"), wrapped.count == 1 {
            isBinding = true
            text = resolvingTypealiases(wrapped[0], inScope: scope)
        }
        let kind: CollectionType.Kind
        let element: String
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            guard ProjectIndex.topLevelIndex(of: ":", in: inner) == nil, !inner.isEmpty else { return nil }
            kind = .array
            element = inner
        } else {
            let bases: [(String, CollectionType.Kind)] = [
                ("Array", .array), ("ContiguousArray", .array), ("Set", .set), ("ArraySlice", .slice),
                ("IdentifiedArrayOf", .identifiedArray), ("FetchedResults", .fetchedResults),
                ("Swift.Array", .array), ("Swift.Set", .set),
            ]
            guard let (base, baseKind) = bases.first(where: { ProjectIndex.genericArguments(of: text, base: $0.0)?.count == 1 }),
                  let arguments = ProjectIndex.genericArguments(of: text, base: base)
            else {
                if let arguments = ProjectIndex.genericArguments(of: text, base: "IdentifiedArray"), arguments.count == 2 {
                    return CollectionType(kind: .identifiedArray, element: arguments[1], isBinding: isBinding)
                }
                return nil
            }
            kind = baseKind
            element = arguments[0]
        }
        return CollectionType(kind: kind, element: element, isBinding: isBinding)
    }

    // MARK: - Type text

    /// `Box<Int>` → `Box`, `Outer.Inner<T>` → `Outer.Inner`; other texts unchanged.
    public static func stripGenericArguments(_ text: String) -> String {
        guard text.hasSuffix(">"), let open = text.firstIndex(of: "<") else { return text }
        return String(text[..<open])
    }

    /// The generic arguments of `Base<A, B>` when its base is `base`, split at top-level
    /// commas; nil otherwise.
    static func genericArguments(of text: String, base: String) -> [String]? {
        guard text.hasPrefix(base + "<"), text.hasSuffix(">") else { return nil }
        let inner = String(text.dropFirst(base.count + 1).dropLast())
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in inner {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            default: break
            }
            if character == "," && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard depth == 0, !current.isEmpty else { return nil }
        parts.append(current)
        return parts
    }

    static func topLevelIndex(of target: Character, in text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case target where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// A type text with whitespace removed except one space between two words, so that
    /// `[ Item ]` and `[Item]` compare equal while `some View` stays readable.
    public static func normalizedTypeText(_ text: String) -> String {
        // Most type texts hold no whitespace and are their own normal form.
        guard text.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d }) else { return text }
        var result = ""
        var pendingSpace = false
        for character in text {
            if character == " " || character == "\t" || character == "\n" || character == "\r" {
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = result.last, isWordCharacter(last), isWordCharacter(character) {
                result.append(" ")
            }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_"
    }
}

/// How one file writes one name (a token's text as written).
struct NameUse: Sendable, Hashable {
    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// Written as an identifier (anywhere, `@Environment(…)` arguments included).
        static let mentioned = Flags(rawValue: 1)
        /// Written as an identifier after a period on another value than `self`.
        static let mentionedAsMember = Flags(rawValue: 2)
    }

    /// The file: a position in the files of the `NameTable` (or a unit of its `SharedNames`).
    var file: Int32 = 0
    var flags: Flags = []
    /// Writes not after a period, outside `@Environment(…)` and `@FocusedValue(…)`
    /// arguments, when the name (without `_`, `$` and backticks) is lowercase.
    var plainWrites: UInt32 = 0
    /// The same, after a period.
    var memberWrites: UInt32 = 0
}

/// `ProjectIndex.mentions`: identifier (or `.identifier`) → the files that write it.
public struct NameMentions: Sendable {
    let index: ProjectIndex

    /// The files whose code names `key` (`name`, or `.name` after a period), nil when none.
    public subscript(key: String) -> Set<String>? {
        let files = self[key, default: []]
        return files.isEmpty ? nil : files
    }

    public subscript(key: String, default empty: Set<String>) -> Set<String> {
        let member = key.utf8.count > 1 && key.utf8.first == UInt8(ascii: ".")
        let flag: NameUse.Flags = member ? .mentionedAsMember : .mentioned
        let files = index.names.paths(of: member ? String(key.dropFirst()) : key, withAnyOf: flag)
        return empty.isEmpty ? files : empty.union(files)
    }
}

/// `ProjectIndex.nameCounts`: lowercase name (or `.name`) → how many times it is written.
public struct NameCounts: Sendable {
    let index: ProjectIndex

    /// The writes of `key` (`name`, or `.name` after a period), nil when none.
    public subscript(key: String) -> Int? {
        let member = key.utf8.count > 1 && key.utf8.first == UInt8(ascii: ".")
        let total = index.writes(of: member ? String(key.dropFirst()) : key, asMember: member)
        return total == 0 ? nil : total
    }
}

/// A collection type the index understands, and its element.
public struct CollectionType: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `[T]`, `Array<T>`, `ContiguousArray<T>`: random access, indices `0..<count`.
        case array
        /// `Set<T>`: no stable order, not random access.
        case set
        /// `ArraySlice<T>`: random access, indices need not start at 0.
        case slice
        /// `IdentifiedArrayOf<T>`: random access by position, indices `0..<count`.
        case identifiedArray
        /// Core Data's `FetchedResults<T>`: random access, indices `0..<count`, read-only.
        case fetchedResults
    }

    public var kind: Kind
    /// The element type text.
    public var element: String
    /// Whether the type was `Binding<…>` of the collection.
    public var isBinding: Bool

    public init(kind: Kind, element: String, isBinding: Bool) {
        self.kind = kind
        self.element = element
        self.isBinding = isBinding
    }

    /// Whether `ForEach` can take the collection as its data directly.
    public var isRandomAccess: Bool { kind != .set }
    /// Whether positions `0..<count` are the collection's indices, so that an offset from
    /// `enumerated()` can subscript it.
    public var hasZeroBasedIntIndices: Bool { kind == .array || kind == .identifiedArray || kind == .fetchedResults }
}

extension Set {
    /// `formUnion(other)`, the smaller set inserted into the larger: a fold adds a file's
    /// few types to a module's many, and a module's many to an empty index, which
    /// inserted them one by one, the table grown again and again, where the larger
    /// table is taken as it is (shared until written).
    mutating func unite(_ other: Set<Element>) {
        guard !other.isEmpty else { return }
        if count < other.count {
            var larger = other
            larger.formUnion(self)
            self = larger
        } else {
            formUnion(other)
        }
    }
}
