// Stress: an editor saves files (temporary file, then rename, as vim and VS Code do) over
// and over while `--apply` rewrites them. No save may be lost, whenever it lands.
import Foundation
import XCTest

final class EditorSaveTests: XCTestCase {
    /// Three runs: without the swap, a save was lost in about two runs of three.
    func testSavesDuringApplyAreNeverLost() throws {
        for _ in 0..<3 { try saveDuringOneRun() }
    }

    private func saveDuringOneRun() throws {
        let box = try Sandbox()
        let count = 600
        let names = (0..<count).map { "M\($0 % 6)/File\($0).swift" }
        for name in names { try box.write(name, "let fooBar = 1\n") }

        let process = Process()
        process.executableURL = Sandbox.binary
        process.arguments = ["--apply", "-q", "-j", "2", "."]
        process.currentDirectoryURL = box.root
        process.environment = ["BODYWORK_TEST_RULES": "1", "XDG_CACHE_HOME": box.path(".cache")]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()

        // The editor: saves random files until the run ends; remembers each file's last save.
        var generator = SystemRandomNumberGenerator()
        var lastSave: [String: String] = [:]
        var saves = 0
        while process.isRunning && saves < 20_000 {
            let name = names.randomElement(using: &generator)!
            saves += 1
            let marker = "// save \(saves)\n"
            let temporary = box.path(FilePath(name).swapName)
            try Data((marker + "let fooBar = 1\n").utf8).write(to: URL(fileURLWithPath: temporary))
            XCTAssertEqual(rename(temporary, box.path(name)), 0)
            lastSave[name] = marker
            usleep(UInt32.random(in: 0...300, using: &generator))
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue([0, 3].contains(process.terminationStatus), stderr)
        XCTAssertGreaterThan(lastSave.count, 0, "the editor saved nothing while the run went on")

        for name in names {
            let text = try box.text(name)
            if let marker = lastSave[name] {
                XCTAssertTrue(text == marker + "let fooBar = 1\n" || text == marker + "let barFoo = 1\n",
                              "\(name) lost its last save: \(text.debugDescription)")
            } else {
                XCTAssertEqual(text, "let barFoo = 1\n", name)
            }
        }
        // A file refused because it changed is named.
        for line in stderr.split(separator: "\n") where line.contains("changed on disk") {
            XCTAssertTrue(lastSave.keys.contains { line.contains($0) }, String(line))
        }
        let leftovers = FileManager.default.enumerator(atPath: box.root.path)?.compactMap { $0 as? String }
            .filter { $0.contains(".bodywork-") || $0.hasSuffix(".swp") } ?? []
        XCTAssertEqual(leftovers, [])
    }
}

/// The name an editor gives its temporary: `.NAME.swp` beside the file.
private struct FilePath {
    let path: String
    init(_ path: String) { self.path = path }
    var swapName: String {
        let parts = path.split(separator: "/")
        return (parts.dropLast() + [Substring("." + parts.last! + ".swp")]).joined(separator: "/")
    }
}
