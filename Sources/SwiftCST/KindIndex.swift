// The nodes of a large tree by kind, so that a question about the nodes of a few kinds in a
// large subtree reads those nodes and not every node of it.

/// The indices of a tree's nodes of each kind, in storage order (each subtree before its
/// root). Made with the tree when it is large: in a file of megabytes, every rule asking
/// the root for the nodes of one kind read the whole node array again, tens of megabytes
/// per question, which cost more than the questions (a file of 8 MB took 1.36 times the
/// CPU of the same code in files of 16 KB, for the same instructions).
struct KindIndex: Sendable {
    /// The nodes of kind `k` are `positions[starts[k]..<starts[k + 1]]`.
    private let starts: [Int32]
    private let positions: [UInt32]

    /// Trees with fewer nodes are scanned: a file of 100 KB has about 20,000.
    static let minimumNodes = 16_384
    /// Subtrees with fewer nodes are scanned rather than searched.
    static let minimumSubtree = 2_048

    init(_ nodes: [RawNode]) {
        let kinds = SyntaxKind.allCases.count
        var starts = [Int32](repeating: 0, count: kinds + 1)
        for node in nodes { starts[Int(node.kind.rawValue) + 1] += 1 }
        for kind in 0..<kinds { starts[kind + 1] += starts[kind] }
        var next = starts
        let positions = [UInt32](unsafeUninitializedCapacity: nodes.count) { storage, initialized in
            for (index, node) in nodes.enumerated() {
                let kind = Int(node.kind.rawValue)
                storage[Int(next[kind])] = UInt32(index)
                next[kind] += 1
            }
            initialized = nodes.count
        }
        self.starts = starts
        self.positions = positions
    }

    /// The nodes of `kind` among `range` of node indices, in storage order.
    func nodes(_ kind: SyntaxKind, in range: ClosedRange<Int>) -> ArraySlice<UInt32> {
        let first = Int(starts[Int(kind.rawValue)]), end = Int(starts[Int(kind.rawValue) + 1])
        let low = firstPosition(from: first, to: end) { Int($0) < range.lowerBound }
        let high = firstPosition(from: low, to: end) { Int($0) <= range.upperBound }
        return positions[low..<high]
    }

    /// The first place in `positions[start..<end]` whose node is not `isBefore`.
    private func firstPosition(from start: Int, to end: Int, _ isBefore: (UInt32) -> Bool) -> Int {
        var low = start, high = end
        while low < high {
            let middle = (low + high) / 2
            if isBefore(positions[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The nodes of any of `kinds` among `range`, in storage order.
    func nodes(_ kinds: SyntaxKindSet, in range: ClosedRange<Int>) -> [Int] {
        var found: [Int] = []
        var lists = 0
        for kind in SyntaxKind.allCases where kinds.contains(kind) {
            let slice = nodes(kind, in: range)
            guard !slice.isEmpty else { continue }
            found.reserveCapacity(found.count + slice.count)
            for position in slice { found.append(Int(position)) }
            lists += 1
        }
        if lists > 1 { found.sort() }
        return found
    }
}
