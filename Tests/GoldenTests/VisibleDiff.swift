// Failure messages for byte comparisons: a line diff in which spaces, tabs, carriage returns
// and line ends are visible, so a fixture that differs only in whitespace says where.

enum VisibleDiff {
    /// A unified-style diff of `expected` (`-`) against `actual` (`+`), every line shown
    /// with `·` for space, `→` for tab, `␍` for CR and `⏎` where a line feed ends it.
    static func render(expected: [UInt8], actual: [UInt8]) -> String {
        let old = lines(expected), new = lines(actual)
        var output: [String] = []
        for step in script(old, new) {
            switch step {
            case .same(let line): output.append("  " + line)
            case .removed(let line): output.append("- " + line)
            case .added(let line): output.append("+ " + line)
            }
        }
        return output.joined(separator: "\n")
    }

    /// The lines of `bytes` made visible; a final line without a line feed has no `⏎`.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                result.append(visible(current) + "⏎")
                current.removeAll()
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { result.append(visible(current)) }
        return result
    }

    static func visible(_ line: [UInt8]) -> String {
        var text = ""
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            switch scalar {
            case " ": text += "·"
            case "\t": text += "→"
            case "\r": text += "␍"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    enum Step: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The shortest edit script by longest common subsequence; fixtures are small, so the
    /// quadratic table is fine.
    static func script(_ old: [String], _ new: [String]) -> [Step] {
        let n = old.count, m = new.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && old[i] == new[j] {
                steps.append(.same(old[i])); i += 1; j += 1
            } else if i < n && (j == m || common[i + 1][j] >= common[i][j + 1]) {
                steps.append(.removed(old[i])); i += 1
            } else {
                steps.append(.added(new[j])); j += 1
            }
        }
        return steps
    }
}
