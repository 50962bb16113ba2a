import XCTest
final class PlaceholderbodyworkTests: XCTestCase { func testNothing() {} }
