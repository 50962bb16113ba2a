// Rule `work-in-body`: sorting, decoding, file reads and image decoding written where a view
// renders run again on every evaluation of `body`, on the main thread; they belong elsewhere.
import Codemod
import SwiftCST

/// Rule `work-in-body`; `documentation` below is its one description (RULES.md, `explain`).
public struct WorkInBody: Rule {
    public init() {}

    /// Every finding is a call whose name or argument label holds one of these words.
    public var neededWords: [[StaticString]] {
        [["map", "filter", "decode", "contentsOf", "sort", "Match", "UIImage", "Regex", "forResource",
          "NSImage", "jsonObject", "grouping", "regularExpression", "contents(atPath", "propertyList",
          "shuffled"]]
    }

    public let id = "work-in-body"
    public let summary = "Report sorting, decoding, file reads and image decoding on a view's render path"
    public let documentation = """
        SwiftUI evaluates `body` whenever a dependency changes, often many times a second, on \
        the main thread. Work written there, or in a computed property or method `body` \
        calls, runs again every time, although its result rarely changes. Reported, with its \
        cost class and the remedy:

        - collection work (note): `sorted`, `sort`, `filter`, `Dictionary(grouping:)`; in the \
        data of `ForEach` or `List` also `map`, `compactMap`, `flatMap` and `shuffled`; not on \
        an enum's `allCases` or an array literal of a few values (`[.a, .b].filter { … }`), \
        small sets the source states, nor on what is made of them. Keep the \
        derived collection in the model, updated when its inputs change. `.filter { … }` \
        applied last to a ForEach's data, the form `foreach-filter` writes, costs what an `if` \
        in each row costs and is not reported.
        - regular expressions (note): `Regex(…)` compiled from a string, and matching with \
        `firstMatch(of:)`, `wholeMatch(of:)`, `matches(of:)`, `matches(in:)` or \
        `options: .regularExpression`. Compile once (a static or the model) and match when \
        the text changes.
        - resource lookups (note): `url(forResource:…)`, `path(forResource:…)` and the \
        plural forms on a Bundle. Look the resource up once.
        - decoding (warning): `decode(T.self, from:)`, `JSONSerialization.jsonObject`, \
        `PropertyListSerialization.propertyList`. Decode once, in the model or in `.task`.
        - file reads (warning): `Data(contentsOf:)`, `String(contentsOf:…)`, \
        `String(contentsOfFile:…)`, `FileManager` `contents(atPath:)` and \
        `contentsOfDirectory`. Read in `.task` or the model, off the main thread.
        - image decoding (warning): `UIImage(contentsOfFile:)`, `UIImage(data:)`, \
        `NSImage(contentsOf:)`, `NSImage(contentsOfFile:)`, `NSImage(data:)`. Load and \
        decode in `.task`, as a thumbnail the size of the view (`byPreparingThumbnail(ofSize:)`), \
        and keep it in `@State` or the model.

        Only code that runs while `body` is evaluated is reported: not action closures \
        (`Button` actions, `.onAppear`, `.task`, `.onChange`, gestures), not `Task { }`, not \
        members `body` does not reach, not stored property initializers. Building a \
        formatter or decoder is `formatter-in-body`'s; a call nested in another reported \
        call is reported once, at the outer call. There is no fix: where the result belongs \
        (the model, `.task`, a cache) is a design choice.

        Before:

            var body: some View {
                let data = try? Data(contentsOf: fileURL)
                List(items.sorted { $0.date > $1.date }) { item in Row(item: item) }
            }

        After:

            @State private var data: Data?

            var body: some View {
                List(model.itemsByDate) { item in Row(item: item) }
                    .task { data = await loadData(fileURL) }
            }
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let types = context.fileTypes(tree, index: context.index)
        var found: [(node: Node, work: Work)] = []
        var seen = Set<Range<Int>>()
        for view in types.views {
            // The render path is built only for a view with a call that may be work: most
            // views have none, and the path is the costly part.
            guard view.node.containsDescendant(.functionCallExpr, where: WorkInBody.mayBeWork) else { continue }
            let calls = context.renderPath(of: view).renderedNodes(.functionCallExpr)
            let forEachData = calls.compactMap(ForEachSite.init).map(\.dataExpression)
            for node in calls {
                guard seen.insert(node.trimmedRange).inserted,
                      let work = classify(node, forEachData: forEachData) else { continue }
                found.append((node, work))
            }
        }
        // Report the outermost call of a nest once: `Data(contentsOf: Bundle.main.url(…)!)`.
        let outer = found.filter { inner in
            !found.contains { other in other.node != inner.node && other.node.contains(inner.node) }
        }
        return outer.map { node, work in
            Finding(range: node.trimmedRange,
                    message: "\(work.what) runs on every evaluation of body (\(work.cost.name)); \(work.cost.remedy)",
                    severity: work.cost.severity)
        }
    }

    // MARK: - Classification

    /// What a call costs, and what to write instead.
    private enum Cost {
        case collection, regex, resourceLookup, decoding, fileRead, imageDecoding

        var name: String {
            switch self {
            case .collection: return "collection work"
            case .regex: return "a regular expression"
            case .resourceLookup: return "a bundle lookup"
            case .decoding: return "decoding"
            case .fileRead: return "a file read on the main thread"
            case .imageDecoding: return "image decoding on the main thread"
            }
        }

        var remedy: String {
            switch self {
            case .collection: return "keep the result in the model, updated when its inputs change"
            case .regex: return "compile it once, in a static or the model"
            case .resourceLookup: return "look it up once, in a static or the model"
            case .decoding: return "decode once, in the model or `.task`"
            case .fileRead: return "read it in `.task` or the model and keep it"
            case .imageDecoding: return "load a thumbnail in `.task` and keep it"
            }
        }

        var severity: Severity {
            switch self {
            case .collection, .regex, .resourceLookup: return .note
            case .decoding, .fileRead, .imageDecoding: return .warning
            }
        }
    }

    private struct Work {
        let what: String
        let cost: Cost
    }

    /// Collection transforms reported anywhere on the render path.
    private static let collectionTransforms: Set<String> = ["sorted", "sort", "filter"]
    /// Further transforms reported in the data of a ForEach or List.
    private static let dataTransforms: Set<String> = ["map", "compactMap", "flatMap", "shuffled"]
    private static let regexMatches: Set<String> = ["firstMatch", "wholeMatch", "prefixMatch", "matches"]
    private static let resourceLookups: Set<String> = ["url", "path", "urls", "paths"]
    private static let resourceLabels: Set<String> = ["forResource", "forResourcesWithExtension", "forResourcesOfType"]
    private static let fileReadTypes: Set<String> = ["Data", "NSData", "String", "NSString", "NSDictionary", "NSArray"]
    private static let imageLabels: [String: Set<String>] = [
        "UIImage": ["contentsOfFile", "data"], "NSImage": ["contentsOf", "contentsOfFile", "data"],
    ]

    /// Whether `classify` may find work in `node`: false for a call that no case of it
    /// takes, told by the callee's name and the argument labels alone. `classify` asks it
    /// first, so a case it does not admit cannot be added by mistake.
    private static func mayBeWork(_ node: Node) -> Bool {
        guard node.kind == .functionCallExpr, let call = FunctionCallExpr(node), let callee = call.callee,
              callee.kind == .identifierExpr || callee.kind == .memberAccessExpr else { return false }
        // Any argument labelled `options:` (`.regularExpression`), whatever the name.
        if callee.kind == .memberAccessExpr, let list = call.argumentList,
           list.firstChild(where: { $0.kind == .argument && Argument($0)?.labelToken?.textIs("options") == true }) != nil {
            return true
        }
        // Most calls are none of the names: told by their length and first byte.
        guard let token = call.calleeNameToken, workNames.mayBe(token) else { return false }
        let name = token.text
        if callee.kind == .identifierExpr {
            return name == "Dictionary" || name == "Regex" || fileReadTypes.contains(name) || imageLabels[name] != nil
        }
        return collectionTransforms.contains(name) || dataTransforms.contains(name) || regexMatches.contains(name)
            || resourceLookups.contains(name) || memberWork.contains(name)
    }

    /// Every name `mayBeWork` admits.
    private static let workNames = NameFilter(
        ["Dictionary", "Regex"] + fileReadTypes + imageLabels.keys + collectionTransforms + dataTransforms
            + regexMatches + resourceLookups + memberWork)

    /// The other member calls `classify` reads (decoding, file reads, `Data.init(contentsOf:)`).
    private static let memberWork: Set<String> = ["decode", "jsonObject", "propertyList", "contents",
                                                  "contentsOfDirectory", "init"]

    private func classify(_ node: Node, forEachData: [Node]) -> Work? {
        guard WorkInBody.mayBeWork(node), let call = FunctionCallExpr(node), let name = call.calleeName,
              let callee = call.callee else { return nil }
        if callee.kind == .identifierExpr {
            // Initializers of a plain type name.
            guard name == "Dictionary" || name == "Regex" || WorkInBody.fileReadTypes.contains(name)
                    || WorkInBody.imageLabels[name] != nil else { return nil }
            let firstLabel = call.arguments.first?.label
            if name == "Dictionary", call.argument("grouping") != nil {
                return Work(what: "`Dictionary(grouping:by:)`", cost: .collection)
            }
            if name == "Regex", let pattern = call.arguments.first?.expression, firstLabel == nil,
               pattern.kind != .regexLiteralExpr {
                return Work(what: "`Regex(…)` compiled from a string", cost: .regex)
            }
            if WorkInBody.fileReadTypes.contains(name), let label = firstLabel, label == "contentsOf" || label == "contentsOfFile" {
                return Work(what: "`\(name)(\(label):)`", cost: .fileRead)
            }
            if let imageLabels = WorkInBody.imageLabels[name], let label = firstLabel, imageLabels.contains(label) {
                return Work(what: "`\(name)(\(label):)`", cost: .imageDecoding)
            }
            return nil
        }
        guard let access = MemberAccessExpr(callee), let base = access.base else { return nil }
        if WorkInBody.collectionTransforms.contains(name) || WorkInBody.dataTransforms.contains(name) {
            guard !isLazy(base) else { return nil }
            // An enum's `allCases`, an array literal: a small set the source states.
            if startsAtFixedSizeCollection(base) { return nil }
            let inData = forEachData.first { $0.contains(node) }
            if !WorkInBody.collectionTransforms.contains(name) && inData == nil { return nil }
            if name == "filter", let data = inData, isTrailingFilter(node, of: data) { return nil }
            // `sorted(by:)`/`sorted()`/`filter { }`: calls, not a property named `sorted`.
            return Work(what: "`.\(name)`", cost: .collection)
        }
        let arguments = call.arguments
        let labels = arguments.map(\.label)
        let firstLabel = labels.first ?? nil
        if WorkInBody.regexMatches.contains(name), firstLabel == "of" || firstLabel == "in" {
            return Work(what: "`.\(name)(\(firstLabel ?? ""):)`", cost: .regex)
        }
        if arguments.contains(where: { $0.labelToken?.textIs("options") == true && ($0.expression?.text.contains("regularExpression") ?? false) }) {
            return Work(what: "`.\(name)(…, options: .regularExpression)`", cost: .regex)
        }
        if WorkInBody.resourceLookups.contains(name), let label = firstLabel, WorkInBody.resourceLabels.contains(label) {
            return Work(what: "`.\(name)(\(label):)`", cost: .resourceLookup)
        }
        if name == "decode", arguments.count == 2, labels[0] == nil, labels[1] == "from",
           let type = arguments[0].expression, type.text.hasSuffix(".self") {
            return Work(what: "`.decode(\(type.text), from:)`", cost: .decoding)
        }
        if name == "jsonObject", base.text.hasSuffix("JSONSerialization"), firstLabel == "with" {
            return Work(what: "`JSONSerialization.jsonObject(with:)`", cost: .decoding)
        }
        if name == "propertyList", base.text.hasSuffix("PropertyListSerialization"), firstLabel == "from" {
            return Work(what: "`PropertyListSerialization.propertyList(from:)`", cost: .decoding)
        }
        if name == "contents", firstLabel == "atPath" {
            return Work(what: "`.contents(atPath:)`", cost: .fileRead)
        }
        if name == "contentsOfDirectory", firstLabel == "atPath" || firstLabel == "at" {
            return Work(what: "`.contentsOfDirectory(\(firstLabel ?? ""):)`", cost: .fileRead)
        }
        if name == "init", let type = base.text.split(separator: ".").last,
           WorkInBody.fileReadTypes.contains(String(type)), let label = firstLabel, label == "contentsOf" || label == "contentsOfFile" {
            return Work(what: "`\(type)(\(label):)`", cost: .fileRead)
        }
        return nil
    }

    /// `.filter { one expression }` applied last to a ForEach's data (once or more).
    private func isTrailingFilter(_ node: Node, of data: Node) -> Bool {
        var current = data
        while let call = FunctionCallExpr(current), current.kind == .functionCallExpr, call.calleeNameIs("filter"),
              call.argumentList == nil, call.additionalTrailingClosures.isEmpty, let closure = call.trailingClosure,
              closure.statements.count == 1, let access = call.callee.flatMap(MemberAccessExpr.init), let base = access.base {
            if current == node { return true }
            current = base
        }
        return false
    }

    /// `items.lazy.filter { … }`: nothing runs until the rows read it.
    private func isLazy(_ base: Node) -> Bool {
        var current: Node? = base
        while let node = current {
            if let access = MemberAccessExpr(node), node.kind == .memberAccessExpr {
                if access.name == "lazy" { return true }
                current = access.base
            } else if let call = FunctionCallExpr(node), node.kind == .functionCallExpr, let callee = call.callee,
                      callee.kind == .memberAccessExpr {
                current = MemberAccessExpr(callee)?.base
            } else {
                return false
            }
        }
        return false
    }
}
