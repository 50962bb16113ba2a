// Type forms of recent Swift versions: inline arrays, value generics, nonisolated specifiers,
// suppressed conformances, typed throws in expressions, attributes of unnamed enum payloads.
struct Vector<let count: Int, Element> {}

extension Vector where count == 3 {}

struct Matrix: nonisolated Equatable {
    var cells: [9 of Double]
    var row: Vector<3, Double>
    let callback: nonisolated(nonsending) () async -> Void
}

enum Event {
    case custom(@Sendable () throws -> Void)
    case plain(Int)
}

func take(_ x: borrowing some ~Copyable, all: [any ~Copyable]) {}

func make() {
    let handlers = [() throws(CancellationError) -> Void]()
    let zeros = [4 of Int](repeating: 0)
    _ = (handlers, zeros)
}

func ==<T: Equatable>(lhs: Vector<3, T>, rhs: Vector<3, T>) -> Bool { true }
