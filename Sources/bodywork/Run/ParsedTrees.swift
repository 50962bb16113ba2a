// The trees the index pass parses for the files the rules will process, kept for the rules
// so that each file is parsed once per run, within a memory budget.
import SwiftCST
import Patch
import Foundation
import Project
import Runtime

/// Trees of planned files, by the path the run names them with; thread-safe. Holds trees
/// for at most `budget` source bytes at a time: a tree the budget has no room for is
/// dropped and its file parsed again by the rules, so memory stays bounded however many
/// files the run has. Each tree is handed out once.
final class ParsedTrees: @unchecked Sendable {
    /// Source bytes whose trees may wait for the rules (a tree takes about 8 bytes per
    /// source byte): room for the files of a large app, a bound for any larger run.
    static let defaultBudget = 24 << 20

    private let lock = SpinningCondition()
    private let budget: Int
    private var held = 0
    private var trees: [String: Kept] = [:]

    /// A tree, and the file it was parsed from as read then (nil: the rules read it again).
    struct Kept {
        var tree: SyntaxTree
        var file: FileSnapshot?
    }

    init(budget: Int = ParsedTrees.defaultBudget) {
        self.budget = budget
    }

    /// Whether a tree of `byteCount` source bytes would be kept now; reserves its room when so.
    func reserve(_ byteCount: Int) -> Bool {
        lock.withLock {
            guard held + byteCount <= budget else { return false }
            held += byteCount
            return true
        }
    }

    /// Gives back room reserved for a tree that is not kept after all.
    func release(_ byteCount: Int) {
        lock.withLock { held -= byteCount }
    }

    /// Keeps `tree` (its room reserved) for the file at `path`, read as `file` (whose
    /// bytes are the tree's).
    func keep(_ tree: SyntaxTree, path: String, file: FileSnapshot? = nil) {
        lock.withLock { trees[path] = Kept(tree: tree, file: file) }
    }

    /// The tree kept for `path`, removed from the store (and its room freed).
    func take(_ path: String) -> Kept? {
        lock.withLock {
            guard let kept = trees.removeValue(forKey: path) else { return nil }
            held -= kept.tree.bytes.count
            return kept
        }
    }
}
