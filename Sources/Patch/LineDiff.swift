// Decides which lines of two texts changed: Myers' O(ND) diff in its linear-space,
// divide-and-conquer form, with a cost cap so that very different texts stay fast.

/// The lines of an old and a new text, and which of them are outside the common subsequence.
///
/// Lines that occur in only one of the texts are marked changed before the search (they can
/// never be matched), which makes two unrelated files cost nothing; the rest goes through
/// Myers' middle-snake search, which needs memory linear in the number of lines. When a
/// sub-problem's edit cost passes a cap (about the square root of its size, at least 256) the
/// search settles for the furthest-reaching path found so far, as git does, so the result is
/// minimal for ordinary edits and merely good for pathological ones. A long text is first cut
/// at lines both texts hold once, so its cost stays about linear. Runs of changes are then
/// slid down over equal lines so ambiguous placements come out the same way every time.
struct LineDiff {
    var table: LineTable
    var oldChanged: [Bool]
    var newChanged: [Bool]

    init(old: [UInt8], new: [UInt8]) {
        table = LineTable(old: old, new: new)
        oldChanged = Array(repeating: false, count: table.oldLines.count)
        newChanged = Array(repeating: false, count: table.newLines.count)
        markChanges()
        slideChanges(in: &oldChanged, numbers: table.oldNumbers, other: newChanged)
        slideChanges(in: &newChanged, numbers: table.newNumbers, other: oldChanged)
    }

    // MARK: - Discarding lines that cannot match

    private mutating func markChanges() {
        var inOld = Array(repeating: false, count: table.distinctCount)
        var inNew = Array(repeating: false, count: table.distinctCount)
        for number in table.oldNumbers { inOld[Int(number)] = true }
        for number in table.newNumbers { inNew[Int(number)] = true }

        // Keep only lines the other side also has; remember where each came from.
        var oldKept: [Int32] = [], oldIndex: [Int] = []
        for (index, number) in table.oldNumbers.enumerated() {
            if inNew[Int(number)] { oldKept.append(number); oldIndex.append(index) } else { oldChanged[index] = true }
        }
        var newKept: [Int32] = [], newIndex: [Int] = []
        for (index, number) in table.newNumbers.enumerated() {
            if inOld[Int(number)] { newKept.append(number); newIndex.append(index) } else { newChanged[index] = true }
        }

        var search = MiddleSnakeSearch(a: oldKept, b: newKept, distinctCount: table.distinctCount)
        search.run()
        for (kept, changed) in search.aChanged.enumerated() where changed { oldChanged[oldIndex[kept]] = true }
        for (kept, changed) in search.bChanged.enumerated() where changed { newChanged[newIndex[kept]] = true }
    }
}

// MARK: - Myers' middle snake

/// Myers' linear-space search over two sequences of line numbers, marking the elements of
/// each that are not on the chosen edit path.
///
/// Diagonals are numbered `k = x - y` in absolute indices, so one pair of arrays serves every
/// sub-problem. Only moves that stay inside the sub-problem's box are taken.
private struct MiddleSnakeSearch {
    let a: [Int32]
    let b: [Int32]
    var aChanged: [Bool]
    var bChanged: [Bool]
    /// Furthest x reached forward on each diagonal (`-1`: not reached).
    private var forward: [Int]
    /// Smallest x reached backward on each diagonal (`Int.max`: not reached).
    private var backward: [Int]
    private let diagonalOffset: Int
    /// How many line numbers there are: every element of `a` and `b` is below it.
    private let distinctCount: Int
    private let costCap: Int

    private static let forwardUnreached = -1
    private static let backwardUnreached = Int.max

    init(a: [Int32], b: [Int32], distinctCount: Int) {
        self.a = a
        self.b = b
        self.distinctCount = distinctCount
        aChanged = Array(repeating: false, count: a.count)
        bChanged = Array(repeating: false, count: b.count)
        let diagonals = a.count + b.count + 3
        forward = Array(repeating: MiddleSnakeSearch.forwardUnreached, count: diagonals)
        backward = Array(repeating: MiddleSnakeSearch.backwardUnreached, count: diagonals)
        diagonalOffset = b.count + 1
        var root = 1
        while root * root < diagonals { root += 1 }
        costCap = max(256, root)
    }

    /// One rectangle of the edit graph still to solve.
    private struct Box {
        var aLow: Int, aHigh: Int, bLow: Int, bHigh: Int
        /// Whether this box must be solved minimally (no cost cap).
        var minimal: Bool
    }

    /// Where a box is cut in two, and whether each half must be solved minimally.
    private struct Split {
        var x: Int, y: Int
        var minimalLow: Bool, minimalHigh: Bool
    }

    /// Texts with at least this many lines (both sides together, after discarding lines
    /// only one side has) are first cut at anchors.
    static let anchoringMinimum = 4096

    mutating func run() {
        var pending = a.count + b.count >= MiddleSnakeSearch.anchoringMinimum
            ? anchoredBoxes()
            : [Box(aLow: 0, aHigh: a.count, bLow: 0, bHigh: b.count, minimal: false)]
        while var box = pending.popLast() {
            while box.aLow < box.aHigh && box.bLow < box.bHigh && a[box.aLow] == b[box.bLow] {
                box.aLow += 1; box.bLow += 1
            }
            while box.aLow < box.aHigh && box.bLow < box.bHigh && a[box.aHigh - 1] == b[box.bHigh - 1] {
                box.aHigh -= 1; box.bHigh -= 1
            }
            if box.aLow == box.aHigh {
                for index in box.bLow..<box.bHigh { bChanged[index] = true }
                continue
            }
            if box.bLow == box.bHigh {
                for index in box.aLow..<box.aHigh { aChanged[index] = true }
                continue
            }
            let split = findSplit(box)
            let atStart = split.x == box.aLow && split.y == box.bLow
            let atEnd = split.x == box.aHigh && split.y == box.bHigh
            if atStart || atEnd {
                // Cannot happen for a box whose ends differ; marking all changed is still a
                // correct (if coarse) answer and guarantees progress.
                for index in box.aLow..<box.aHigh { aChanged[index] = true }
                for index in box.bLow..<box.bHigh { bChanged[index] = true }
                continue
            }
            pending.append(Box(aLow: split.x, aHigh: box.aHigh, bLow: split.y, bHigh: box.bHigh,
                               minimal: split.minimalHigh))
            pending.append(Box(aLow: box.aLow, aHigh: split.x, bLow: box.bLow, bHigh: split.y,
                               minimal: split.minimalLow))
        }
    }

    /// The boxes between anchors: lines that occur once in each text, the longest run of
    /// them in the same order in both (as patience diff takes them). Anchors are matched
    /// as they are and the search runs between them, so a long text with scattered edits
    /// costs about its length rather than its length times the number of edits (a search
    /// over the whole text follows every common run once per edit). Used for long texts
    /// only: on a short one the whole search is cheap and finds a minimal diff where the
    /// anchors might rule one out.
    private func anchoredBoxes() -> [Box] {
        // Per line number: its position in `a` when it occurs there once, -1 when not yet
        // seen, -2 when seen more often; the same for `b`.
        var inA = [Int](repeating: -1, count: distinctCount)
        var inB = inA
        for (index, number) in a.enumerated() { inA[Int(number)] = inA[Int(number)] == -1 ? index : -2 }
        for (index, number) in b.enumerated() { inB[Int(number)] = inB[Int(number)] == -1 ? index : -2 }
        // The unique pairs in the order of `a`; the longest increasing run of their `b`
        // positions, by patience sorting.
        var pairs: [(a: Int, b: Int)] = []
        for (index, number) in a.enumerated() where inA[Int(number)] >= 0 && inB[Int(number)] >= 0 {
            pairs.append((index, inB[Int(number)]))
        }
        var pileTops: [Int] = []  // per pile, the index in `pairs` of its top
        var below = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = pileTops.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[pileTops[middle]].b < pair.b { low = middle + 1 } else { high = middle }
            }
            if low > 0 { below[index] = pileTops[low - 1] }
            if low == pileTops.count { pileTops.append(index) } else { pileTops[low] = index }
        }
        var anchors: [(a: Int, b: Int)] = []
        var cursor = pileTops.last ?? -1
        while cursor >= 0 { anchors.append(pairs[cursor]); cursor = below[cursor] }
        anchors.reverse()

        var boxes: [Box] = []
        var aLow = 0, bLow = 0
        for anchor in anchors + [(a: a.count, b: b.count)] {
            if aLow < anchor.a || bLow < anchor.b {
                boxes.append(Box(aLow: aLow, aHigh: anchor.a, bLow: bLow, bHigh: anchor.b, minimal: false))
            }
            aLow = anchor.a + 1; bLow = anchor.b + 1
        }
        return boxes
    }

    /// Runs the forward and backward searches until they overlap (the middle snake), or
    /// until the cost cap, then returns the best point reached.
    private mutating func findSplit(_ box: Box) -> Split {
        let (aLow, aHigh, bLow, bHigh) = (box.aLow, box.aHigh, box.bLow, box.bHigh)
        let lowestDiagonal = aLow - bHigh, highestDiagonal = aHigh - bLow
        let forwardMid = aLow - bLow, backwardMid = aHigh - bHigh
        let oddDelta = (forwardMid - backwardMid) & 1 != 0
        var forwardMin = forwardMid, forwardMax = forwardMid
        var backwardMin = backwardMid, backwardMax = backwardMid
        let offset = diagonalOffset
        let forwardUnreached = MiddleSnakeSearch.forwardUnreached
        let backwardUnreached = MiddleSnakeSearch.backwardUnreached

        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                forward.withUnsafeMutableBufferPointer { forward in
                    backward.withUnsafeMutableBufferPointer { backward in
                        forward[forwardMid + offset] = aLow
                        backward[backwardMid + offset] = aHigh
                        var cost = 1
                        while true {
                            // Forward: widen the band of diagonals by one on each side while
                            // it stays in the box; otherwise step inward to keep the parity.
                            if forwardMin > lowestDiagonal {
                                forwardMin -= 1; forward[forwardMin - 1 + offset] = forwardUnreached
                            } else { forwardMin += 1 }
                            if forwardMax < highestDiagonal {
                                forwardMax += 1; forward[forwardMax + 1 + offset] = forwardUnreached
                            } else { forwardMax -= 1 }

                            for k in stride(from: forwardMax, through: forwardMin, by: -2) {
                                let fromLeft = forward[k - 1 + offset]   // move right from k-1
                                let fromAbove = forward[k + 1 + offset]  // move down from k+1
                                var x = forwardUnreached
                                if fromLeft >= aLow && fromLeft < aHigh { x = fromLeft + 1 }
                                if fromAbove >= aLow && fromAbove - (k + 1) < bHigh && fromAbove > x { x = fromAbove }
                                if x == forwardUnreached { forward[k + offset] = x; continue }
                                var y = x - k
                                while x < aHigh && y < bHigh && a[x] == b[y] { x += 1; y += 1 }
                                forward[k + offset] = x
                                if oddDelta && k >= backwardMin && k <= backwardMax && backward[k + offset] <= x {
                                    return Split(x: x, y: y, minimalLow: true, minimalHigh: true)
                                }
                            }

                            if backwardMin > lowestDiagonal {
                                backwardMin -= 1; backward[backwardMin - 1 + offset] = backwardUnreached
                            } else { backwardMin += 1 }
                            if backwardMax < highestDiagonal {
                                backwardMax += 1; backward[backwardMax + 1 + offset] = backwardUnreached
                            } else { backwardMax -= 1 }

                            for k in stride(from: backwardMax, through: backwardMin, by: -2) {
                                let fromRight = backward[k + 1 + offset]  // move left from k+1
                                let fromBelow = backward[k - 1 + offset]  // move up from k-1
                                var x = backwardUnreached
                                if fromRight <= aHigh && fromRight > aLow { x = fromRight - 1 }
                                if fromBelow <= aHigh && fromBelow - (k - 1) > bLow && fromBelow < x { x = fromBelow }
                                if x == backwardUnreached { backward[k + offset] = x; continue }
                                var y = x - k
                                while x > aLow && y > bLow && a[x - 1] == b[y - 1] { x -= 1; y -= 1 }
                                backward[k + offset] = x
                                if !oddDelta && k >= forwardMin && k <= forwardMax && x <= forward[k + offset] {
                                    return Split(x: x, y: y, minimalLow: true, minimalHigh: true)
                                }
                            }

                            if !box.minimal && cost >= costCap {
                                // Too expensive: cut at whichever search got further, and
                                // solve that (cheap) side minimally.
                                var forwardBest = -1, forwardBestX = aLow
                                for k in stride(from: forwardMax, through: forwardMin, by: -2) {
                                    let x = forward[k + offset]
                                    if x < aLow { continue }
                                    if 2 * x - k > forwardBest { forwardBest = 2 * x - k; forwardBestX = x }
                                }
                                var backwardBest = Int.max, backwardBestX = aHigh
                                for k in stride(from: backwardMax, through: backwardMin, by: -2) {
                                    let x = backward[k + offset]
                                    if x > aHigh { continue }
                                    if 2 * x - k < backwardBest { backwardBest = 2 * x - k; backwardBestX = x }
                                }
                                let forwardProgress = forwardBest - (aLow + bLow)
                                let backwardProgress = (aHigh + bHigh) - backwardBest
                                if forwardBest >= 0 && (backwardBest == Int.max || backwardProgress < forwardProgress) {
                                    return Split(x: forwardBestX, y: forwardBest - forwardBestX,
                                                 minimalLow: true, minimalHigh: false)
                                }
                                if backwardBest != Int.max {
                                    return Split(x: backwardBestX, y: backwardBest - backwardBestX,
                                                 minimalLow: false, minimalHigh: true)
                                }
                                return Split(x: aLow, y: bLow, minimalLow: false, minimalHigh: false)
                            }
                            cost += 1
                        }
                    }
                }
            }
        }
    }
}

// MARK: - Sliding runs of changes

/// Slides every run of changed lines in one text as far up, then as far down, as equal lines
/// allow (merging with runs it meets), and finally back up to the last place where it faces a
/// run of changes in the other text, if there was one. Sliding keeps the matched lines
/// matched, so the diff stays as small; it only makes the placement canonical.
private func slideChanges(in changed: inout [Bool], numbers: [Int32],
                          other otherChanged: [Bool]) {
    var group = ChangeRun(first: changed)
    var otherGroup = ChangeRun(first: otherChanged)
    while true {
        if group.end > group.start {
            var earliestEnd: Int
            var endFacingOtherChange = -1
            var size: Int
            repeat {
                size = group.end - group.start
                endFacingOtherChange = -1
                while group.slideUp(&changed, numbers) { _ = otherGroup.previous(otherChanged) }
                earliestEnd = group.end
                if otherGroup.end > otherGroup.start { endFacingOtherChange = group.end }
                while group.slideDown(&changed, numbers) {
                    _ = otherGroup.next(otherChanged)
                    if otherGroup.end > otherGroup.start { endFacingOtherChange = group.end }
                }
            } while size != group.end - group.start
            if group.end != earliestEnd && endFacingOtherChange != -1 {
                while otherGroup.end == otherGroup.start {
                    guard group.slideUp(&changed, numbers) else { break }
                    _ = otherGroup.previous(otherChanged)
                }
            }
        }
        guard group.next(changed) else { break }
        guard otherGroup.next(otherChanged) else { break }
    }
}

/// A maximal run of changed lines `start..<end` (possibly empty) between two unchanged lines.
private struct ChangeRun {
    var start: Int
    var end: Int

    init(first changed: [Bool]) {
        start = 0
        end = 0
        while end < changed.count && changed[end] { end += 1 }
    }

    mutating func next(_ changed: [Bool]) -> Bool {
        guard end < changed.count else { return false }
        start = end + 1
        end = start
        while end < changed.count && changed[end] { end += 1 }
        return true
    }

    mutating func previous(_ changed: [Bool]) -> Bool {
        guard start > 0 else { return false }
        end = start - 1
        start = end
        while start > 0 && changed[start - 1] { start -= 1 }
        return true
    }

    /// Moves the run up one line when the line above equals its last line.
    mutating func slideUp(_ changed: inout [Bool], _ numbers: [Int32]) -> Bool {
        guard start > 0 && numbers[start - 1] == numbers[end - 1] else { return false }
        start -= 1; end -= 1
        changed[start] = true
        changed[end] = false
        while start > 0 && changed[start - 1] { start -= 1 }
        return true
    }

    /// Moves the run down one line when the line below equals its first line.
    mutating func slideDown(_ changed: inout [Bool], _ numbers: [Int32]) -> Bool {
        guard end < changed.count && numbers[start] == numbers[end] else { return false }
        changed[start] = false
        changed[end] = true
        start += 1; end += 1
        while end < changed.count && changed[end] { end += 1 }
        return true
    }
}
