// What a `Package.swift` declares, read with our own parser (SwiftPM is never run):
// targets and their source paths, products, local package dependencies, platforms and
// language modes. Settings computed at run time are not followed.
import Foundation
import SwiftCST

/// The declarations of one package manifest.
public struct PackageManifest: Sendable {
    /// How a target names what it depends on.
    public enum Dependency: Sendable, Hashable {
        /// `"Name"` or `.byName(name: "Name")`: a target of this package or a product of a dependency.
        case byName(String)
        /// `.target(name: "Name")`.
        case target(String)
        /// `.product(name: "Name", package: "package")`.
        case product(name: String, package: String?)
    }

    /// One `.target(…)`, `.executableTarget(…)`, `.testTarget(…)`, `.macro(…)`, `.plugin(…)`, ….
    public struct Target: Sendable {
        public var name: String
        /// The factory that declared it: `target`, `executableTarget`, `testTarget`, `macro`, `plugin`, ….
        public var kind: String
        public var path: String?
        public var exclude: [String]
        public var sources: [String]?
        public var dependencies: [Dependency]
        /// From `.swiftLanguageMode(.v5)` (or `.swiftLanguageVersion`) in its `swiftSettings`.
        public var languageMode: Int?

        /// The folders SwiftPM looks in when no `path:` is given, in its order.
        public var defaultPathCandidates: [String] {
            switch kind {
            case "testTarget": return ["Tests/\(name)", "Sources/\(name)", "Source/\(name)", "src/\(name)", "srcs/\(name)"]
            case "plugin": return ["Plugins/\(name)"]
            default: return ["Sources/\(name)", "Source/\(name)", "src/\(name)", "srcs/\(name)"]
            }
        }
    }

    /// `.library(name:targets:)`, `.executable(name:targets:)`, ….
    public struct Product: Sendable {
        public var name: String
        public var targets: [String]
    }

    /// A `.package(…)` dependency.
    public struct PackageDependency: Sendable {
        /// The name `.product(package:)` uses: `name:` when given, else the last path
        /// component of the path or URL (without `.git`).
        public var identity: String
        /// The local directory, for `.package(path:)` (as written, relative to the package).
        public var path: String?
    }

    public var name: String?
    /// From the `// swift-tools-version:` line.
    public var toolsVersion: String?
    /// `platforms:` entries in order, as (platform name, version): `.iOS(.v15)` → (`iOS`, `15`).
    public var platforms: [(platform: String, version: String)]
    /// Major modes listed in `swiftLanguageModes:` (or `swiftLanguageVersions:`).
    public var languageModes: [Int]
    public var targets: [Target]
    public var products: [Product]
    public var dependencies: [PackageDependency]

    /// The lowest version of each platform in `platforms:`.
    public var deploymentTargets: [String: String] {
        var result: [String: String] = [:]
        for (platform, version) in platforms {
            result[platform] = result[platform].map { OSVersion.lower($0, version) } ?? version
        }
        return result
    }

    /// Reads a manifest. Anything not understood is skipped; commented-out code is never read.
    public static func read(_ bytes: [UInt8]) -> PackageManifest {
        let tree = SyntaxTree.parse(bytes)
        var manifest = PackageManifest(name: nil, toolsVersion: readToolsVersion(bytes), platforms: [], languageModes: [],
                                       targets: [], products: [], dependencies: [])
        var sawPlatforms = false
        var sawModes = false
        var targetNames: Set<String> = []  // the first declaration of a name is kept
        for node in tree.root.preorder {
            if node.kind == .argument {
                // Labels are compared as bytes: a manifest has thousands of arguments.
                guard let argument = Argument(node), let list = argument.expression, list.kind == .arrayExpr,
                      let label = argument.labelToken else { continue }
                if label.textIs("platforms") && !sawPlatforms {
                    sawPlatforms = true
                    manifest.platforms = platforms(in: list)
                } else if (label.textIs("swiftLanguageModes") || label.textIs("swiftLanguageVersions")) && !sawModes {
                    sawModes = true
                    manifest.languageModes = elements(of: list).compactMap(languageMode)
                }
                continue
            }
            guard node.kind == .functionCallExpr, let call = FunctionCallExpr(node), isFactory(call),
                  let factory = call.calleeName else { continue }
            switch factory {
            case "Package" where manifest.name == nil:
                manifest.name = call.argument("name")?.expression.flatMap(stringValue)
            case "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
                 "library", "executable":
                guard let name = call.argument("name")?.expression.flatMap(stringValue) else { continue }
                if isInside(node, argument: "products") || factory == "library" || factory == "executable" {
                    let targets = call.argument("targets")?.expression.map(elements(of:))?.compactMap(stringValue) ?? []
                    manifest.products.append(Product(name: name, targets: targets))
                } else if !isInside(node, argument: "dependencies"), targetNames.insert(name).inserted {
                    manifest.targets.append(target(call, name: name, kind: factory))
                }
            case "package":
                let path = call.argument("path")?.expression.flatMap(stringValue)
                let location = path ?? call.argument("url")?.expression.flatMap(stringValue)
                    ?? call.argument("id")?.expression.flatMap(stringValue) ?? ""
                var identity = ProjectPaths.lastComponent(location)
                if identity.hasSuffix(".git") { identity = String(identity.dropLast(4)) }
                if let name = call.argument("name")?.expression.flatMap(stringValue) { identity = name }
                manifest.dependencies.append(PackageDependency(identity: identity, path: path))
            default:
                continue
            }
        }
        return manifest
    }

    // MARK: - Pieces

    private static func target(_ call: FunctionCallExpr, name: String, kind: String) -> Target {
        var dependencies: [Dependency] = []
        for element in call.argument("dependencies")?.expression.map(elements(of:)) ?? [] {
            if let name = stringValue(element) {
                dependencies.append(.byName(name))
            } else if let dependency = FunctionCallExpr(element), isFactory(dependency),
                      let name = dependency.argument("name")?.expression.flatMap(stringValue) {
                switch dependency.calleeName {
                case "target": dependencies.append(.target(name))
                case "product": dependencies.append(.product(name: name, package: dependency.argument("package")?.expression.flatMap(stringValue)))
                case "byName": dependencies.append(.byName(name))
                default: break
                }
            }
        }
        var languageMode: Int?
        for setting in call.argument("swiftSettings")?.expression.map(elements(of:)) ?? [] {
            guard let settingCall = FunctionCallExpr(setting),
                  ["swiftLanguageMode", "swiftLanguageVersion"].contains(settingCall.calleeName ?? ""),
                  let value = settingCall.arguments.first?.expression else { continue }
            languageMode = PackageManifest.languageMode(value)
        }
        let strings = { (label: String) in call.argument(label)?.expression.map(elements(of:))?.compactMap(stringValue) }
        return Target(name: name, kind: kind, path: call.argument("path")?.expression.flatMap(stringValue),
                      exclude: strings("exclude") ?? [], sources: strings("sources"), dependencies: dependencies,
                      languageMode: languageMode)
    }

    /// `.iOS(.v15)`, `.macOS(.v10_15)`, `.watchOS("8.4")`, `.custom("x", versionString: "1")` (skipped).
    private static func platforms(in list: Node) -> [(platform: String, version: String)] {
        var result: [(platform: String, version: String)] = []
        for element in elements(of: list) {
            guard let call = FunctionCallExpr(element), let platform = call.calleeName,
                  let argument = call.arguments.first, argument.label == nil, let value = argument.expression else { continue }
            if let text = stringValue(value), OSVersion.isVersion(text) {
                result.append((platform, text))
            } else if let member = MemberAccessExpr(value), member.base == nil, let name = member.name, name.hasPrefix("v") {
                // `.v17_0` is version 17.0 (bytes, not Foundation's replacement: that one
                // looked up its types at run time, a quarter of the manifests' reading).
                let text = String(decoding: name.utf8.dropFirst().map { $0 == UInt8(ascii: "_") ? UInt8(ascii: ".") : $0 },
                                  as: UTF8.self)
                if OSVersion.isVersion(text) { result.append((platform, text)) }
            }
        }
        return result
    }

    /// `.v5`, `.v4_2`, `.version("6")` → the major mode.
    private static func languageMode(_ node: Node) -> Int? {
        if let member = MemberAccessExpr(node), member.base == nil, let name = member.name, name.hasPrefix("v") {
            return Int(name.dropFirst().prefix { $0.isNumber })
        }
        if let call = FunctionCallExpr(node), call.calleeNameIs("version"),
           let text = call.arguments.first?.expression.flatMap(stringValue) {
            return Int(text.prefix { $0.isNumber })
        }
        return nil
    }

    /// The expressions of an array literal.
    private static func elements(of list: Node) -> [Node] {
        guard list.kind == .arrayExpr else { return [] }
        return list.children(.argument).compactMap { Argument($0)?.expression }
    }

    /// The value of a string literal without interpolation.
    private static func stringValue(_ node: Node) -> String? {
        guard let literal = StringLiteralExpr(node) else { return nil }
        // Without child nodes there is no interpolation and every token is the literal's
        // own: its segments are read in place, with no list of tokens made.
        guard node.firstChildNode == nil else { return literal.isStatic ? literal.segments.map(\.text).joined() : nil }
        var text = ""
        for index in node.firstTokenIndex..<node.endTokenIndex where node.tree.tokens[index].kind == .stringSegment {
            text += node.tree.token(at: index).text
        }
        return text
    }

    /// `.name(…)` or `Type.name(…)` (`Target.target(…)`), or a bare `Package(…)`.
    private static func isFactory(_ call: FunctionCallExpr) -> Bool {
        guard let callee = call.callee else { return false }
        return callee.kind == .memberAccessExpr || (callee.kind == .identifierExpr && call.calleeNameIs("Package"))
    }

    /// Whether a call is inside an argument labeled `label`: a `.target(name:)` in a
    /// `dependencies:` list names a dependency and a `.plugin(name:targets:)` in
    /// `products:` a product; neither declares a target.
    private static func isInside(_ node: Node, argument label: String) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.kind == .argument, Argument(ancestor)?.labelToken?.textEquals(label) == true { return true }
            current = ancestor.parent
        }
        return false
    }

    /// `// swift-tools-version:6.0`, `// swift-tools-version: 5.9`, `5.10.1;(…)`.
    static func readToolsVersion(_ bytes: [UInt8]) -> String? {
        let line = String(decoding: bytes.prefix { $0 != 10 && $0 != 13 }, as: UTF8.self)
        guard let marker = line.lowercased().range(of: "swift-tools-version") else { return nil }
        let offset = line.lowercased().distance(from: line.lowercased().startIndex, to: marker.upperBound)
        var rest = line.dropFirst(offset).drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        let version = String(rest.prefix { $0.isNumber || $0 == "." })
        return OSVersion.isVersion(version) ? version : nil
    }
}
