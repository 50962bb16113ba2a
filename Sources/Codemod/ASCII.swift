// Named ASCII bytes, for the byte-level readers of the Codemod module (suppression
// directives, configuration and manifest text).

/// The ASCII bytes the Codemod readers look at.
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
