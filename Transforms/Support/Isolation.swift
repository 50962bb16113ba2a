// Where code runs with respect to the main actor, as far as the source shows: views and
// their statics are MainActor-isolated; `nonisolated` code and concurrent closures are not.
import SwiftCST

enum Isolation {
    /// Calls whose closures run off the main actor, concurrently with the caller:
    /// `Task.detached { }`, `queue.async { }`, `group.addTask { }`.
    static let concurrentCalls: Set<String> = ["detached", "async", "asyncAfter", "sync", "concurrentPerform",
                                               "addTask", "addTaskUnlessCancelled"]

    /// Where `node` sits in a closure that runs off the main actor (between it and `scope`):
    /// a `@Sendable` closure, or one passed to a `concurrentCalls` call. Nil when none.
    static func offMainActorPlace(of node: Node, within scope: Node) -> String? {
        var current = node.parent
        while let closureNode = current, closureNode != scope {
            if let closure = ClosureExpr(closureNode) {
                if closure.signature?.containsDescendant(.attribute, where: { $0.text.contains("Sendable") }) == true {
                    return "in a `@Sendable` closure"
                }
                if let (_, name, _) = callReceiving(closureNode), concurrentCalls.contains(name) {
                    return "in the closure of `\(name)`"
                }
            }
            current = closureNode.parent
        }
        return nil
    }

    /// Whether `node` sits in a `nonisolated` declaration, up to and including `scope`.
    static func isNonisolated(_ node: Node, within scope: Node) -> Bool {
        var current: Node? = node
        while let n = current {
            if n.children(.modifier).contains(where: { $0.firstToken?.text == "nonisolated" }) { return true }
            if n == scope { break }
            current = n.parent
        }
        return false
    }
}
