// Which files of a run each module view folds: found by walking two sorted lists, which
// must give what looking each name up would.
@testable import BodyworkCLI
import XCTest

final class ViewPositionsTests: XCTestCase {
    func testPositionsAreThoseALookupGives() {
        let paths = ["A/a.swift", "A/b.swift", "B/Ä.swift", "B/c.swift", "C/d.swift", "Z.swift"].sorted()
        let lookup = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        let views: [[String]] = [
            [], paths, ["A/a.swift"], ["Z.swift"], ["0.swift", "A/b.swift", "B/c.swift", "Y.swift", "zz.swift"],
            ["A/a.swift", "A/aa.swift", "B/Ä.swift", "C/d.swift"], ["a.swift", "b.swift"],
        ].map { $0.sorted() }
        for view in views {
            XCTAssertEqual(ModuleIndexes.positions(of: view, in: paths), view.compactMap { lookup[$0] }, "\(view)")
        }
        XCTAssertEqual(ModuleIndexes.positions(of: ["A/a.swift"], in: []), [])
    }
}
