// The memo the rules of a round share: one value per key and tree, made once, and nothing
// carried over to another tree.
import Codemod
import SwiftCST
import XCTest

private struct CountKey: TreeMemoKey {
    typealias Value = Int
    let slot: Int
}

/// Same stored shape as `CountKey`: a key of another type is another entry.
private struct OtherCountKey: TreeMemoKey {
    typealias Value = Int
    let slot: Int
}

private struct NamesKey: TreeMemoKey {
    typealias Value = [String]
}

final class TreeMemoTests: XCTestCase {
    private let tree = SyntaxTree.parse(Array("let a = 1\n".utf8))

    func testAValueIsMadeOncePerKey() {
        let memo = TreeMemo()
        var made = 0
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { made += 1; return 10 }, 10)
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { made += 1; return 99 }, 10)
        XCTAssertEqual(memo.value(CountKey(slot: 2), in: tree) { made += 1; return 20 }, 20)
        XCTAssertEqual(made, 2)
        XCTAssertEqual(memo.value(CountKey(slot: 2), in: tree) { made += 1; return 99 }, 20)
        XCTAssertEqual(made, 2)
    }

    func testKeysOfDifferentTypesNeverShareAValue() {
        let memo = TreeMemo()
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { 1 }, 1)
        XCTAssertEqual(memo.value(OtherCountKey(slot: 1), in: tree) { 2 }, 2)
        XCTAssertEqual(memo.value(NamesKey(), in: tree) { ["a"] }, ["a"])
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { 3 }, 1)
        XCTAssertEqual(memo.value(OtherCountKey(slot: 1), in: tree) { 4 }, 2)
        // The boxed keys are a table of their own.
        XCTAssertEqual(memo.value(AnyHashable(CountKey(slot: 1)), in: tree) { 5 }, 5)
        XCTAssertEqual(memo.value(AnyHashable(CountKey(slot: 1)), in: tree) { 6 }, 5)
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { 7 }, 1)
    }

    func testAnotherTreeForgetsEveryValue() {
        let memo = TreeMemo()
        let other = SyntaxTree.parse(Array("let b = 2\n".utf8))
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { 1 }, 1)
        XCTAssertEqual(memo.value(AnyHashable("boxed"), in: tree) { 1 }, 1)
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: other) { 2 }, 2)
        XCTAssertEqual(memo.value(CountKey(slot: 1), in: tree) { 3 }, 3)
        XCTAssertEqual(memo.value(AnyHashable("boxed"), in: tree) { 4 }, 4)
    }

    func testAValueMayAskTheMemoForAnother() {
        let memo = TreeMemo()
        let outer = memo.value(CountKey(slot: 1), in: tree) {
            memo.value(CountKey(slot: 2), in: tree) { 5 } + 1
        }
        XCTAssertEqual(outer, 6)
        XCTAssertEqual(memo.value(CountKey(slot: 2), in: tree) { 0 }, 5)
    }
}
