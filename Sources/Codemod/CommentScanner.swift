// A small byte scanner that finds comments in Swift source without the full lexer, so
// suppression directives and manifest reading stay independent of the parser.

/// Where the comments and lines of a source file are.
///
/// The scanner knows just enough Swift to keep comment markers inside string literals
/// from counting: single-line, multi-line (`"""`) and raw (`#"…"#`) strings, escapes,
/// and interpolations (`\(…)`, which may hold strings of their own). Block comments
/// nest as in Swift. It never traps and always terminates, whatever the bytes.
struct CommentScan: Sendable {
    /// `//` comments, from the first slash up to (not including) the line break.
    var lineComments: [Range<Int>] = []
    /// `/* … */` comments, including their delimiters (an unterminated one runs to the end).
    var blockComments: [Range<Int>] = []
    /// The offset at which each line starts; line breaks are `\n`, `\r\n` and a lone `\r`.
    var lineStarts: [Int] = [0]
    /// For each line, whether it holds anything besides whitespace and comments.
    var lineHasCode: [Bool] = [false]

    /// The 0-based line holding `offset` (offsets past the end belong to the last line).
    func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    init(_ bytes: [UInt8]) {
        scan(bytes)
    }

    private enum Context {
        /// Code; `parenDepth` counts open parentheses inside an interpolation.
        case code(parenDepth: Int)
        case string(hashes: Int, multiline: Bool)
        case blockComment(depth: Int, start: Int)
    }

    private mutating func scan(_ bytes: [UInt8]) {
        let count = bytes.count
        var stack: [Context] = [.code(parenDepth: 0)]
        var line = 0
        var i = 0

        func at(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }
        func hashes(from index: Int) -> Int {
            var j = index
            while j < count && bytes[j] == ASCII.hash { j += 1 }
            return j - index
        }

        while i < count {
            let byte = bytes[i]
            if byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
                let length = byte == ASCII.carriageReturn && at(i + 1) == ASCII.lineFeed ? 2 : 1
                // A single-line string cannot cross a line break: end it (and anything
                // opened inside it) so that one unterminated quote does not hide the file.
                if let open = stack.firstIndex(where: { if case .string(_, false) = $0 { return true } else { return false } }) {
                    stack.removeSubrange(open...)
                }
                i += length
                lineStarts.append(i)
                lineHasCode.append(false)
                line += 1
                continue
            }
            switch stack[stack.count - 1] {
            case .blockComment(let depth, let start):
                if byte == ASCII.asterisk && at(i + 1) == ASCII.slash {
                    i += 2
                    if depth == 1 {
                        stack.removeLast()
                        blockComments.append(start..<i)
                    } else {
                        stack[stack.count - 1] = .blockComment(depth: depth - 1, start: start)
                    }
                } else if byte == ASCII.slash && at(i + 1) == ASCII.asterisk {
                    stack[stack.count - 1] = .blockComment(depth: depth + 1, start: start)
                    i += 2
                } else {
                    i += 1
                }

            case .code(let parenDepth):
                if byte == ASCII.slash && at(i + 1) == ASCII.slash {
                    var end = i
                    while end < count && bytes[end] != ASCII.lineFeed && bytes[end] != ASCII.carriageReturn { end += 1 }
                    lineComments.append(i..<end)
                    i = end
                    continue
                }
                if byte == ASCII.slash && at(i + 1) == ASCII.asterisk {
                    stack.append(.blockComment(depth: 1, start: i))
                    i += 2
                    continue
                }
                if !ASCII.isHorizontalSpace(byte) { lineHasCode[line] = true }
                let quoteAt = byte == ASCII.hash ? i + hashes(from: i) : i
                if at(quoteAt) == ASCII.quote {
                    let multiline = at(quoteAt + 1) == ASCII.quote && at(quoteAt + 2) == ASCII.quote
                    stack.append(.string(hashes: quoteAt - i, multiline: multiline))
                    i = quoteAt + (multiline ? 3 : 1)
                    continue
                }
                if byte == ASCII.hash {
                    i = quoteAt
                    continue
                }
                if stack.count > 1 {
                    if byte == ASCII.leftParen {
                        stack[stack.count - 1] = .code(parenDepth: parenDepth + 1)
                    } else if byte == ASCII.rightParen {
                        if parenDepth == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(parenDepth: parenDepth - 1) }
                    }
                }
                i += 1

            case .string(let hashCount, let multiline):
                if !ASCII.isHorizontalSpace(byte) { lineHasCode[line] = true }
                if byte == ASCII.backslash {
                    var j = i + 1
                    if hashes(from: j) >= hashCount {
                        j += hashCount
                        if at(j) == ASCII.leftParen {
                            stack.append(.code(parenDepth: 0))
                            i = j + 1
                        } else if at(j) == ASCII.quote || at(j) == ASCII.backslash {
                            i = j + 1
                        } else {
                            i = j
                        }
                    } else {
                        i += 1
                    }
                    continue
                }
                if byte == ASCII.quote {
                    let quotes = multiline ? 3 : 1
                    let closes = (0..<quotes).allSatisfy { at(i + $0) == ASCII.quote }
                        && hashes(from: i + quotes) >= hashCount
                    if closes {
                        stack.removeLast()
                        i += quotes + hashCount
                        continue
                    }
                }
                i += 1
            }
        }
        if case .blockComment(_, let start) = stack[stack.count - 1] {
            blockComments.append(start..<count)
        }
    }
}

/// The ASCII bytes the Codemod scanners look at.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let leftParen: UInt8 = 0x28
    static let rightParen: UInt8 = 0x29
    static let asterisk: UInt8 = 0x2A
    static let comma: UInt8 = 0x2C
    static let slash: UInt8 = 0x2F
    static let backslash: UInt8 = 0x5C

    static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == 0x0B || byte == 0x0C
    }
}
