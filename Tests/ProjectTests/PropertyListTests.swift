// The old-style property list reader: every value shape Xcode writes, escapes, comments,
// and errors that stop at the right byte instead of guessing.
import XCTest
import Project

final class PropertyListTests: XCTestCase {
    private func parse(_ text: String) throws -> PropertyList { try PropertyList.parse(Array(text.utf8)) }

    func testDictionariesArraysAndStrings() throws {
        let plist = try parse("""
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjects = {
        /* Begin PBXGroup section */
        \t\tA1 /* Sources */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tB2 /* View.swift */,
        \t\t\t\tC3,
        \t\t\t);
        \t\t\tpath = "My Sources";
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */
        \t};
        \trootObject = R0 /* Project object */;
        }
        """)
        XCTAssertEqual(plist["archiveVersion"], .string("1"))
        XCTAssertEqual(plist["classes"], .dictionary([:]))
        let group = plist["objects"]?["A1"]
        XCTAssertEqual(group?["isa"]?.string, "PBXGroup")
        XCTAssertEqual(group?["children"]?.strings, ["B2", "C3"])
        XCTAssertEqual(group?["path"]?.string, "My Sources")
        XCTAssertEqual(group?["sourceTree"]?.string, "<group>")
        XCTAssertEqual(plist["rootObject"]?.string, "R0")
    }

    func testOneLineObjectsAndUnquotedCharacters() throws {
        let plist = try parse(#"{B1 = {isa = PBXBuildFile; fileRef = F1 /* A.swift */; }; F1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Sub/A-b_c$d+e:f.swift; sourceTree = "<group>"; };}"#)
        XCTAssertEqual(plist["F1"]?["path"]?.string, "Sub/A-b_c$d+e:f.swift")
        XCTAssertEqual(plist["F1"]?["lastKnownFileType"]?.string, "sourcecode.swift")
        XCTAssertEqual(plist["B1"]?["fileRef"]?.string, "F1")
    }

    func testEscapesInQuotedStrings() throws {
        let plist = try parse(#"{ a = "say \"hi\"\n\ttab \\ back"; b = "caf\U00e9"; c = "\101\102"; d = ""; e = 'single'; }"#)
        XCTAssertEqual(plist["a"]?.string, "say \"hi\"\n\ttab \\ back")
        XCTAssertEqual(plist["b"]?.string, "café")
        XCTAssertEqual(plist["c"]?.string, "AB")
        XCTAssertEqual(plist["d"]?.string, "")
        XCTAssertEqual(plist["e"]?.string, "single")
    }

    func testUTF8StaysAsWritten() throws {
        let plist = try parse("{ name = \"Café 🎉\"; }")
        XCTAssertEqual(plist["name"]?.string, "Café 🎉")
    }

    func testDataAndNestedArrays() throws {
        let plist = try parse("( <0aFF 10>, (a, (b)), {} )")
        XCTAssertEqual(plist, .array([.data([0x0a, 0xff, 0x10]), .array([.string("a"), .array([.string("b")])]), .dictionary([:])]))
    }

    func testErrorsSayWhere() {
        for (text, offset) in [("{ a = b }", 8), ("{ a = \"open", 11), ("( a b )", 4), ("{ a = b; } x", 11), ("", 0), ("{ = b; }", 2)] {
            do {
                _ = try parse(text)
                XCTFail("parsed \(text)")
            } catch {
                XCTAssertEqual((error as? PropertyListError)?.offset, offset, text)
            }
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "(", count: 10_000)
        XCTAssertThrowsError(try parse(text))
    }
}
