// A run folds the same files into many module indexes (each module sees its dependencies'
// files); folding name tables file by file hashed every name of a file once per module.
import SwiftCST

extension ProjectIndex {
    /// For each view (positions in `files`, in order), the index that absorbing those
    /// files one by one gives, as `absorb(_:)` would build it. A missing file (nil) is
    /// skipped. Each name is hashed once per run and once per view it appears in, not once
    /// per file and view.
    public static func fold(_ files: [ProjectIndex?], views: [[Int]]) -> [ProjectIndex] {
        // Every name of every file, numbered once.
        var nameIDs: [String: Int32] = [:]
        var nameStrings: [String] = []
        // Per file: its paths (as its name table numbers them) and its uses by name number.
        var fileUses: [[(name: Int32, use: NameUse)]] = []
        fileUses.reserveCapacity(files.count)
        for file in files {
            var uses: [(name: Int32, use: NameUse)] = []
            if let file {
                for (name, list) in file.names {
                    let id: Int32
                    if let known = nameIDs[name] {
                        id = known
                    } else {
                        id = Int32(nameStrings.count)
                        nameIDs[name] = id
                        nameStrings.append(name)
                    }
                    for use in list { uses.append((id, use)) }
                }
            }
            fileUses.append(uses)
        }
        var byName = [[NameUse]](repeating: [], count: nameStrings.count)
        var touched: [Int32] = []
        return views.map { view in
            var index = ProjectIndex()
            for position in view {
                guard let file = files[position] else { continue }
                let count = index.fileCount + file.fileCount
                index.addFacts(of: file, names: false)
                index.fileCount = count
                // The file's own numbering renumbered into the view's, as `addNames` does.
                let ids = file.nameFiles.map { index.fileID($0) }
                for (name, use) in fileUses[position] {
                    var use = use
                    use.file = ids[Int(use.file)]
                    if byName[Int(name)].isEmpty { touched.append(name) }
                    byName[Int(name)].append(use)
                }
            }
            var names: [String: [NameUse]] = [:]
            names.reserveCapacity(touched.count)
            for name in touched {
                names[nameStrings[Int(name)]] = byName[Int(name)]
                byName[Int(name)] = []
            }
            touched.removeAll(keepingCapacity: true)
            index.names = names
            return index
        }
    }
}
