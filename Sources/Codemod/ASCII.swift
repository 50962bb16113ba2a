// Named ASCII bytes, for the byte-level reader of the Codemod module: the words of a
// suppression comment.

/// The ASCII bytes the Codemod readers look at.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let comma: UInt8 = 0x2C
    static let slash: UInt8 = 0x2F

    static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == 0x0B || byte == 0x0C
    }
}
