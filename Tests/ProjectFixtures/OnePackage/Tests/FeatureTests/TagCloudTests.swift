@testable import Feature
import XCTest

final class TagCloudTests: XCTestCase {
    func testBuilds() {
        _ = TagCloud(tags: [], labels: [])
    }
}
