// A readable, indented rendering of a tree for debugging, tests and `bodywork parse`.

extension Node {
    /// One line per node (`kind range`) and per token (`kind "text"`), indented by depth.
    public func dump(tokens showTokens: Bool = true) -> String {
        var out = ""
        dump(into: &out, indent: 0, showTokens: showTokens)
        return out
    }

    private func dump(into out: inout String, indent: Int, showTokens: Bool) {
        out += String(repeating: "  ", count: indent) + "\(kind) \(trimmedRange.lowerBound)..<\(trimmedRange.upperBound)\n"
        for child in children {
            switch child {
            case .node(let node):
                node.dump(into: &out, indent: indent + 1, showTokens: showTokens)
            case .token(let token):
                guard showTokens, token.kind != .endOfFile else { continue }
                out += String(repeating: "  ", count: indent + 1) + "\(token.kind) \(escaped(token.text))\n"
            }
        }
    }
}

/// `text` quoted, with control characters escaped.
func escaped(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}
