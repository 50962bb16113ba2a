import XCTest
final class PlaceholderCodemodTests: XCTestCase { func testNothing() {} }
