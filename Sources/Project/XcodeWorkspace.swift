// What an Xcode workspace (`*.xcworkspace/contents.xcworkspacedata`) lists: the projects
// and packages opened together, whose targets can use each other's products.
import Foundation

/// The projects and packages of one workspace.
public struct XcodeWorkspace: Sendable {
    /// The `.xcworkspace` directory.
    public var path: String
    /// Absolute paths of what its `FileRef`s name: `.xcodeproj` directories, package
    /// directories and other files, in the order written.
    public var references: [String]

    /// Reads `<path>/contents.xcworkspacedata`; nil when it is missing.
    public static func read(path: String) -> XcodeWorkspace? {
        guard let bytes = FileManager.default.contents(atPath: ProjectPaths.join(path, "contents.xcworkspacedata")) else { return nil }
        return XcodeWorkspace(contents: Array(bytes), path: path)
    }

    /// Reads the XML of a `contents.xcworkspacedata`. `group:` locations resolve against
    /// the enclosing `Group`s, `container:` against the workspace's folder, `absolute:` as
    /// written; `self:` (the workspace inside a project) names nothing new.
    public init(contents bytes: [UInt8], path: String) {
        self.path = path
        let container = ProjectPaths.directory(of: path)
        var groups: [String] = [container]
        var references: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let name = tag.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
            if tag.hasPrefix("/") {
                if tag.dropFirst().hasPrefix("Group") && groups.count > 1 { groups.removeLast() }
                continue
            }
            guard name == "Group" || name == "FileRef" else { continue }
            let location = XcodeWorkspace.attribute("location", in: tag).map(XcodeWorkspace.unescape)
            let base = groups.last ?? container
            let resolved = location.flatMap { XcodeWorkspace.resolve($0, group: base, container: container) }
            if name == "Group" {
                if !tag.hasSuffix("/") { groups.append(resolved ?? base) }
            } else if let resolved, !location!.hasPrefix("self:") {
                references.append(resolved)
            }
        }
        self.references = references
    }

    private static func resolve(_ location: String, group: String, container: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let value = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return value.isEmpty ? group : ProjectPaths.resolve(value, against: group)
        case "container": return value.isEmpty ? container : ProjectPaths.resolve(value, against: container)
        case "absolute": return ProjectPaths.normalize(value)
        case "self": return container
        default: return nil
        }
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: name) else { return nil }
        var rest = tag[range.upperBound...].drop { $0.isWhitespace }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// `text` with XML's five named entities replaced, each read once (`&amp;lt;` is
    /// `&lt;`); most attribute values have none.
    private static func unescape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let entities: [(name: [UInt8], byte: UInt8)] = [
            (Array("quot;".utf8), UInt8(ascii: "\"")), (Array("apos;".utf8), UInt8(ascii: "'")),
            (Array("lt;".utf8), UInt8(ascii: "<")), (Array("gt;".utf8), UInt8(ascii: ">")), (Array("amp;".utf8), UInt8(ascii: "&")),
        ]
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            guard byte == UInt8(ascii: "&"),
                  let entity = entities.first(where: { bytes[position...].starts(with: $0.name) }) else {
                result.append(byte)
                continue
            }
            result.append(entity.byte)
            position += entity.name.count
        }
        return String(decoding: result, as: UTF8.self)
    }
}
