import XCTest
final class PlaceholderSwiftCSTTests: XCTestCase { func testNothing() {} }
