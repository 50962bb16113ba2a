// Expression, directive and attribute forms: `unsafe` before an operand, key path subscripts
// after a period, casts of `if` expressions, a regex after a prefix operator or `try?`,
// `#sourceLocation` between statements, modifiers before a macro expansion, keywords as
// names in `@attached`, `@specialized`.
struct Lock {
    static let shared = Lock()
    public #declareMembers(1)
}

func use(_ words: [String], pointers: [[Int]]) async throws {
    _ = unsafe .init()
    let second = \[[Int]].[1]
    for unsafe in words { print(unsafe) }
    for try await unsafe line in AsyncStream<String> { $0.finish() } { print(line) }
    if .random() { 0 } else { 1 } as Int
    _ = pointers[keyPath: second]
    let negated = !/ab+c/
    let whole = try? /^ x/.wholeMatch(in: "x")
    let divided = (pointers.count) / 2 / 3
    _ = (negated, divided, whole)
}

#sourceLocation(file: "Generated.swift", line: 1)
let generated = 1
#sourceLocation()

@attached(extension, conformances: Equatable, names: named(deinit), named(subscript))
macro Model() = #externalMacro(module: "Macros", type: "Model")

@specialized(where T == Int)
func identity<T>(_ t: T) -> T { t }
