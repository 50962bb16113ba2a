// What several rules compute from the same tree (a view's render path) is computed once per
// tree and shared: the rules of one round read one tree, and each used to rebuild it.
import Foundation
import SwiftCST

/// A key of `TreeMemo` that names the type of its value, so that a lookup hashes the key
/// alone: no `AnyHashable` box and no cast of the value, each of which asks the runtime
/// for conformances (thousands of instructions a lookup).
public protocol TreeMemoKey: Hashable {
    associatedtype Value
}

/// Values derived from one tree, each computed the first time a rule asks for it.
///
/// A memo answers for one tree at a time: asked about another tree, it forgets what it
/// held. The engine gives every round a fresh memo (`RuleContext.memo`), so rules may
/// share anything that depends only on the tree; a value that also depends on the
/// context (options, the index) must put that in its key.
///
/// The typed lookup is inlinable: specialized in the rule's module for its key, where a
/// generic one spent thousands of instructions a call in unspecialized dictionary code.
public final class TreeMemo: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    // Held strongly: a weak reference would give every tree a side table and slow down
    // each retain and release of the nodes that point to it.
    @usableFromInline var tree: SyntaxTree?
    /// One table per key type, with the type's identity: a `Table<Key>` always. A few
    /// key types are used in a round: a list searched costs less than a dictionary made.
    @usableFromInline var tables: [(key: ObjectIdentifier, table: AnyObject)] = []
    private var values: [AnyHashable: Any] = [:]

    @usableFromInline final class Table<Key: TreeMemoKey> {
        @usableFromInline var values: [Key: Key.Value] = [:]
        @usableFromInline init() {}
    }

    public init() {}

    /// The value stored under `key` for `tree`, made by `make` the first time. `make` runs
    /// without the lock held, so it may ask the memo for other values.
    @inlinable
    public func value<Key: TreeMemoKey>(_ key: Key, in tree: SyntaxTree, make: () -> Key.Value) -> Key.Value {
        if let known = lock.withLock({ self.tree === tree ? table(Key.self)?.values[key] : nil }) { return known }
        let value = make()
        lock.withLock {
            forget(unless: tree)
            if let table = table(Key.self) {
                table.values[key] = value
            } else {
                let table = Table<Key>()
                table.values[key] = value
                tables.append((ObjectIdentifier(Key.self), table))
            }
        }
        return value
    }

    /// The value stored under `key` for `tree`, as `value(_:in:make:)`, for a key that
    /// does not name its value's type (slower: the key is boxed and the value cast).
    public func value<Value>(_ key: AnyHashable, in tree: SyntaxTree, make: () -> Value) -> Value {
        if let known = lock.withLock({ self.tree === tree ? values[key] : nil }) as? Value { return known }
        let value = make()
        lock.withLock {
            forget(unless: tree)
            values[key] = value
        }
        return value
    }

    @inlinable
    func table<Key: TreeMemoKey>(_ key: Key.Type) -> Table<Key>? {
        // Stored under this key type's identity only as a `Table<Key>`.
        let identity = ObjectIdentifier(key)
        for entry in tables where entry.key == identity { return unsafeDowncast(entry.table, to: Table<Key>.self) }
        return nil
    }

    @usableFromInline
    func forget(unless tree: SyntaxTree) {
        guard self.tree !== tree else { return }
        self.tree = tree
        tables = []
        values = [:]
    }
}
