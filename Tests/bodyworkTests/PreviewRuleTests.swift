// The preview names the rule behind each hunk after the second `@@`, and the patch still
// applies with the real `git apply` and `patch -p1`.
import Foundation
import XCTest

final class PreviewRuleTests: XCTestCase {
    private let source = (["let fooBar = 1"] + (1...8).map { "let filler\($0) = \($0)" }
                          + ["let bazQux = 2, fooBar2 = fooBar"]).joined(separator: "\n") + "\n"

    func testEachHunkNamesItsRules() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        let result = try box.run(["--unsafe-fixes", "--rules", "test-rename-foo,test-suggest-baz", "A.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,4 +1,4 @@ test-rename-foo
            -let fooBar = 1
            +let barFoo = 1
             let filler1 = 1
             let filler2 = 2
             let filler3 = 3
            @@ -7,4 +7,4 @@ test-suggest-baz, test-rename-foo
             let filler6 = 6
             let filler7 = 7
             let filler8 = 8
            -let bazQux = 2, fooBar2 = fooBar
            +let quxBaz = 2, fooBar2 = barFoo

            """)
    }

    /// Many hunks in one file, each labelled with the rules of its own lines only.
    func testManyHunksEachNameTheirOwnRules() throws {
        let box = try Sandbox()
        var lines: [String] = []
        for number in 0..<40 {
            lines.append(number % 3 == 0 ? "let bazQux = 2" : "let fooBar = 1")
            lines += (1...8).map { "let filler\(number)_\($0) = \($0)" }
        }
        try box.write("A.swift", lines.joined(separator: "\n") + "\n")
        let result = try box.run(["--unsafe-fixes", "--rules", "test-rename-foo,test-suggest-baz", "A.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let labels = result.output.split(separator: "\n").filter { $0.hasPrefix("@@ ") }.map { $0.split(separator: "@@").last.map(String.init) }
        XCTAssertEqual(labels, (0..<40).map { $0 % 3 == 0 ? " test-suggest-baz" : " test-rename-foo" })
    }

    func testLabelledPatchAppliesWithGitAndPatch() throws {
        for tool in ["git", "patch"] {
            let box = try Sandbox()
            try box.write("Sources/A.swift", source)
            try box.write("Sources/B.swift", "let x = fooBar\n")
            let result = try box.run(["--unsafe-fixes", "--patch", "fixes.patch", "Sources"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let patch = try box.text("fixes.patch")
            XCTAssertEqual(patch, result.output, "the patch is the preview")
            XCTAssertTrue(patch.contains("@@ -1 +1 @@ test-rename-foo\n"), patch)
            let expectedA = try box.run(["--unsafe-fixes", "-", "--stdin-path", "Sources/A.swift"],
                                        stdin: Data(source.utf8)).output
            if tool == "git" {
                try box.git("init", "-q")
                try box.git("apply", "fixes.patch")
            } else {
                let applied = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["patch", "-p1", "-i", "fixes.patch"],
                                                  in: box.root, stdin: nil, environment: [:])
                XCTAssertEqual(applied.status, 0, applied.stderr + applied.output)
            }
            XCTAssertEqual(try box.text("Sources/A.swift"), expectedA, tool)
            XCTAssertEqual(try box.text("Sources/B.swift"), "let x = barFoo\n", tool)
        }
    }
}
