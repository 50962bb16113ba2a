// The libFuzzer entry point: any bytes must parse to a tree that prints them back, and the
// engine with every rule must leave text that still parses as a partition, with no new errors.
import Codemod
import SwiftCST
import Transforms
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The engine as the fuzzer runs it: every rule, suggested fixes included.
private let engine = Engine(rules: Registry.allRules, options: EngineOptions(applySuggestedFixes: true))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let tree = SyntaxTree.parse(bytes)
    require(tree.isPartition, "the tokens of the input are not a partition of its bytes")
    require(tree.printed() == bytes, "the input does not print back from its parse")

    // Odd sizes run with a known modern deployment target and Swift 6, even ones with nothing
    // known, so that both the platform-gated fixes and their withholding are exercised.
    let context = size % 2 == 1
        ? RuleContext(path: "Fuzz.swift", deploymentTargets: DeploymentTargets([.iOS: Version(17), .macOS: Version(14)]),
                      swiftLanguageMode: 6)
        : RuleContext(path: "Fuzz.swift")
    let outcome = engine.run(bytes: bytes, context: context)
    let output = SyntaxTree.parse(outcome.output)
    require(output.isPartition, "the output's tokens are not a partition of its bytes")
    require(output.printed() == outcome.output, "the output does not print back from its parse")
    require(output.diagnostics.count <= tree.diagnostics.count,
                 "the fixes added parse errors: \(tree.diagnostics.count) before, \(output.diagnostics.count) after")
    return 0
}

/// Stops with `message` on standard error when `condition` is false; unlike `precondition`,
/// the message survives `-O`, so the crash log says which invariant broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    fputs("bodywork-fuzz: invariant broken: \(message())\n", stderr)
    abort()
}
