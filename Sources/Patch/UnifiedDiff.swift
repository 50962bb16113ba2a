// STUB: the interface the CLI codes against; the diff fills it in.

/// One hunk of a unified diff, in line numbers (1-based) of the old and new text.
public struct Hunk: Sendable, Equatable {
    public var oldStart: Int
    public var oldCount: Int
    public var newStart: Int
    public var newCount: Int
    /// Lines with their prefix byte (` `, `-`, `+`) and their line ending kept as in the
    /// file; a `\ No newline at end of file` marker is its own line.
    public var lines: [[UInt8]]
}

public enum UnifiedDiff {
    /// The hunks that turn `old` into `new`, with `context` lines around each change.
    public static func hunks(old: [UInt8], new: [UInt8], context: Int = 3) -> [Hunk] { [] }

    /// A whole file's diff with `--- a/PATH` / `+++ b/PATH` headers that `git apply`
    /// and `patch -p1` accept; empty when the texts are equal.
    public static func render(old: [UInt8], new: [UInt8], path: String, context: Int = 3,
                              color: Bool = false) -> [UInt8] { [] }

    /// Applies only the hunks at `accepted` (indices into `hunks(old:new:context:)`) to
    /// `old`, for interactive selection.
    public static func apply(_ hunks: [Hunk], accepted: Set<Int>, to old: [UInt8]) -> [UInt8] { old }
}
