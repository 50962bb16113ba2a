import XCTest
final class PlaceholderPatchTests: XCTestCase { func testNothing() {} }
