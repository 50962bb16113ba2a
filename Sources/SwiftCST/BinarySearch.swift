// A binary search over sorted arrays, shared by the modules above the syntax tree: token
// and node indices, spans, sorted paths.

extension Array {
    /// The first index whose element is not before the ones `isBefore` accepts, in an
    /// array ordered so that all of those come first (a binary search).
    public func partitionPoint(where isBefore: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
