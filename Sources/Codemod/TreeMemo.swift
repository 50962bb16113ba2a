// What several rules compute from the same tree (a view's render path) is computed once per
// tree and shared: the rules of one round read one tree, and each used to rebuild it.
import Foundation
import SwiftCST

/// Values derived from one tree, each computed the first time a rule asks for it.
///
/// A memo answers for one tree at a time: asked about another tree, it forgets what it
/// held. The engine gives every round a fresh memo (`RuleContext.memo`), so rules may
/// share anything that depends only on the tree; a value that also depends on the
/// context (options, the index) must put that in its key.
public final class TreeMemo: @unchecked Sendable {
    private let lock = NSLock()
    // Held strongly: a weak reference would give every tree a side table and slow down
    // each retain and release of the nodes that point to it.
    private var tree: SyntaxTree?
    private var values: [AnyHashable: Any] = [:]

    public init() {}

    /// The value stored under `key` for `tree`, made by `make` the first time. `make` runs
    /// without the lock held, so it may ask the memo for other values.
    public func value<Value>(_ key: AnyHashable, in tree: SyntaxTree, make: () -> Value) -> Value {
        if let known = lookUp(key, in: tree) as? Value { return known }
        let value = make()
        lock.withLock {
            if self.tree !== tree {
                self.tree = tree
                values = [:]
            }
            values[key] = value
        }
        return value
    }

    private func lookUp(_ key: AnyHashable, in tree: SyntaxTree) -> Any? {
        lock.withLock { self.tree === tree ? values[key] : nil }
    }
}
