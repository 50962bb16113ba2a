// The per-index memo and the name-ending filter rules use to pass over calls cheaply: a
// filter may let through names it does not hold, never turn away one it does.
import Codemod
import SwiftCST
@testable import Transforms
import XCTest

final class IndexMemoTests: XCTestCase {
    func testNameEndingsKeepEveryLastComponent() {
        let names = ["Model", "Outer.Inner", "A.B.`Deep`", "X", "Store<T>", "Über"]
        let endings = NameEndings(names)
        XCTAssertFalse(endings.isEmpty)
        for written in ["Model", "Inner", "`Inner`", "Deep", "`Deep`", "X", "Store<T>", "Über"] {
            let bytes = Array(written.utf8)
            XCTAssertTrue(endings.mayContain(bytes, 0..<bytes.count), written)
        }
        // Most other names differ in length, first or last byte.
        for other in ["Text", "VStack", "Button", "Modelx", "Outer"] {
            let bytes = Array(other.utf8)
            XCTAssertFalse(endings.mayContain(bytes, 0..<bytes.count), other)
        }
        XCTAssertTrue(NameEndings([String]()).isEmpty)
    }

    func testAValueIsMadeOncePerIndexAndAgainAfterAChange() {
        let memo = IndexMemo<Int>()
        var made = 0
        let index = ProjectIndex(classTypes: ["A"])
        let copy = index
        XCTAssertEqual(memo.value(for: index) { made += 1; return $0.classTypes.count }, 1)
        XCTAssertEqual(memo.value(for: copy) { made += 1; return $0.classTypes.count }, 1)
        XCTAssertEqual(made, 1, "a copy is the same index")
        var changed = index
        changed.classTypes.insert("B")
        XCTAssertEqual(memo.value(for: changed) { made += 1; return $0.classTypes.count }, 2)
        XCTAssertEqual(made, 2, "a changed index is another")
    }
}
