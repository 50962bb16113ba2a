// Runs the reference tools (diff, git, patch) in scratch directories, for tests that check
// our output against what those tools produce or accept.

import Foundation
import XCTest

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bodywork-patch-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    /// Every entry in the directory, hidden ones included.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The result of running an external tool.
struct ToolRun {
    var status: Int32
    var output: [UInt8]
    var errorOutput: String
}

/// The absolute path of `name` on `PATH`, or nil when it is not installed.
func locateTool(_ name: String) -> String? {
    let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in searchPath.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Runs `tool` with `arguments` in `directory`, feeding `input` on standard input.
func runTool(_ tool: String, _ arguments: [String], in directory: String, input: [UInt8] = []) throws -> ToolRun {
    guard let executable = locateTool(tool) else { throw XCTSkip("\(tool) is not installed") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["HOME"] = directory
    process.environment = environment
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Drain the pipes on their own threads so a large output cannot deadlock the tool.
    nonisolated(unsafe) var outputData = Data()
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outputData = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errorData = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    if !input.isEmpty { stdin.fileHandleForWriting.write(Data(input)) }
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return ToolRun(status: process.terminationStatus, output: [UInt8](outputData),
                   errorOutput: String(decoding: errorData, as: UTF8.self))
}

/// Shows bytes with line endings and escapes visible, for failure messages.
func visible(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes {
        switch byte {
        case 0x0D: text += "\\r"
        case 0x0A: text += "\\n\n"
        case 0x1B: text += "\\e"
        case 0x09: text += "\\t"
        default: text.unicodeScalars.append(Unicode.Scalar(byte))
        }
    }
    return text
}
