// How the engine turns fixes into new bytes: checking a fix's own edits, choosing fixes
// that do not collide, applying edits in one pass, and following offsets across a round.

import SwiftCST

/// The edits of one fix in application order, or why the fix cannot be applied.
enum FixEdits {
    /// Sorts the edits of `fix` by position (insertions before a replacement starting at
    /// the same offset, several insertions at one offset in the order given) and checks
    /// that they lie inside a file of `length` bytes and do not overlap each other.
    static func ordered(_ fix: Fix, fileLength length: Int) -> Result<[Edit], DropReason> {
        for edit in fix.edits where edit.range.lowerBound < 0 || edit.range.upperBound > length {
            return .failure(DropReason("its edits lie outside the file"))
        }
        let sorted = fix.edits.enumerated().sorted { a, b in
            let ka = (a.element.range.lowerBound, a.element.range.isEmpty ? 0 : 1, a.offset)
            let kb = (b.element.range.lowerBound, b.element.range.isEmpty ? 0 : 1, b.offset)
            return ka < kb
        }.map(\.element)
        var previousEnd = 0
        for edit in sorted {
            if edit.range.lowerBound < previousEnd { return .failure(DropReason("its edits overlap each other")) }
            previousEnd = edit.range.upperBound
        }
        return .success(sorted)
    }

    /// Why a fix was dropped, as shown in `FindingStatus.dropped`.
    struct DropReason: Error, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
    }
}

/// Accepts fixes one at a time, keeping each only if it stays clear of those already
/// accepted.
///
/// Two edits of different fixes collide when their ranges intersect, or when one is an
/// insertion at or inside the bounds of the other (two insertions at the same offset
/// included): which text ends up first would be a guess. Touching replacements are fine,
/// and so are two insertions of whole lines at one offset (new members before one
/// declaration): the lines go in the order the fixes were accepted, which is source order.
/// An edit identical to an accepted one (two fixes that both declare what they share) is
/// no collision, and is applied once. A dropped fix is offered again in the next round, on
/// the new text.
struct FixSelector {
    /// Accepted edits sorted by position, each with the index of the fix it came from.
    /// Because accepted edits do not overlap, their upper bounds are sorted too.
    private(set) var edits: [(edit: Edit, owner: Int)] = []

    /// Adds the edits of fix `owner` if none collides with an accepted one; otherwise
    /// returns the owner of the first edit it collides with.
    mutating func accept(_ fixEdits: [Edit], owner: Int) -> Int? {
        var shared = [Bool](repeating: false, count: fixEdits.count)
        for (position, edit) in fixEdits.enumerated() {
            switch collision(with: edit) {
            case .none: continue
            case .identical: shared[position] = true
            case .with(let other): return other
            }
        }
        for (position, edit) in fixEdits.enumerated() where !shared[position] {
            let at = insertionIndex(for: edit.range)
            edits.insert((edit, owner), at: at)
        }
        return nil
    }

    private enum Collision { case none, identical, with(Int) }

    private func collision(with edit: Edit) -> Collision {
        let range = edit.range
        // First accepted edit that ends at or after `range` starts.
        var low = 0, high = edits.count
        while low < high {
            let mid = (low + high) / 2
            if edits[mid].edit.range.upperBound < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var i = low
        var identical = false
        while i < edits.count && edits[i].edit.range.lowerBound <= range.upperBound {
            let other = edits[i].edit
            if other.range == range && other.replacement == edit.replacement {
                identical = true
            } else if FixSelector.collide(range, other.range) && !FixSelector.stackLines(edit, other) {
                return .with(edits[i].owner)
            }
            i += 1
        }
        return identical ? .identical : .none
    }

    /// Whether two insertions at one offset each insert whole lines (end with a line
    /// break), so that one after the other is as good as the other way round.
    static func stackLines(_ a: Edit, _ b: Edit) -> Bool {
        a.range.isEmpty && b.range.isEmpty && a.range.lowerBound == b.range.lowerBound
            && a.replacement.last == UInt8(ascii: "\n") && b.replacement.last == UInt8(ascii: "\n")
    }

    static func collide(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty || b.isEmpty {
            let (point, span) = a.isEmpty ? (a.lowerBound, b) : (b.lowerBound, a)
            return span.lowerBound <= point && point <= span.upperBound
        }
        return a.lowerBound < b.upperBound && b.lowerBound < a.upperBound
    }

    private func insertionIndex(for range: Range<Int>) -> Int {
        var low = 0, high = edits.count
        while low < high {
            let mid = (low + high) / 2
            let other = edits[mid].edit.range
            // After every edit starting earlier, and after insertions at the same offset
            // when this edit replaces bytes there (insertions go first).
            if other.lowerBound < range.lowerBound
                || (other.lowerBound == range.lowerBound && (other.isEmpty || !range.isEmpty)) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return low
    }
}

/// Applying sorted, non-overlapping edits.
enum EditApplication {
    /// `bytes` with `edits` applied. The edits must be sorted by position and must not
    /// overlap (as `FixSelector` and `FixEdits.ordered` guarantee); one pass, front to back.
    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var delta = 0
        for edit in edits { delta += edit.replacement.count - edit.range.count }
        var output = [UInt8]()
        output.reserveCapacity(max(0, bytes.count + delta))
        var copied = 0
        for edit in edits {
            output.append(contentsOf: bytes[copied..<edit.range.lowerBound])
            output.append(contentsOf: edit.replacement)
            copied = edit.range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }
}

/// Where the bytes of an input went in the output of sorted, non-overlapping edits, looked up
/// by binary search: mapping every finding of a round through its edits costs the
/// findings' count times a logarithm, not times the edits before each one.
struct EditOffsets {
    private let edits: [Edit]
    /// `shifts[k]`: how far the edits before `edits[k]` moved the bytes after them.
    private let shifts: [Int]

    init(_ edits: [Edit]) {
        self.edits = edits
        var shifts = [Int]()
        shifts.reserveCapacity(edits.count + 1)
        var shift = 0
        shifts.append(0)
        for edit in edits {
            shift += edit.replacement.count - edit.range.count
            shifts.append(shift)
        }
        self.shifts = shifts
    }

    /// Where the byte at `offset` of the input went: shifted by the edits before it; the
    /// start of its replacement when an edit replaced it starting there; nil when an edit
    /// swallowed it from the middle. Insertions at `offset` itself do not move it, so a
    /// finding keeps its place when another fix inserts text just before it.
    func map(_ offset: Int) -> Int? {
        // The edits wholly before `offset` (an insertion before it, a replacement ending at
        // or before it) are a prefix of the sorted list.
        let low = edits.partitionPoint { edit in
            edit.range.isEmpty ? edit.range.lowerBound < offset : edit.range.upperBound <= offset
        }
        let shifted = offset + shifts[low]
        guard low < edits.count else { return shifted }
        let range = edits[low].range
        if !range.isEmpty && range.lowerBound < offset { return nil }
        return shifted
    }
}
