// Runs the built command line in a scratch directory, the way a user would, and
// captures what it prints and how it exits.
import Foundation
import XCTest

/// What one run of the binary produced.
struct RunResult {
    var status: Int32
    var stdout: Data
    var stderr: String
    var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// A scratch directory: create files in it and run bodywork there.
final class Sandbox {
    let root: URL

    init() throws {
        // A child that exits before reading its standard input must not kill the test
        // process with SIGPIPE when the input is written.
        _ = Sandbox.ignoreBrokenPipes
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        // Restore permissions a test may have taken away, so that removal works.
        if let walker = FileManager.default.enumerator(atPath: root.path) {
            for case let path as String in walker { chmod(root.appendingPathComponent(path).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: root)
    }

    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    func text(_ relative: String) throws -> String {
        String(decoding: try read(relative), as: UTF8.self)
    }

    /// Runs bodywork with the test-only rules on, in this directory; the user cache
    /// directory is the sandbox's own, so that tests leave nothing behind.
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> RunResult {
        try Sandbox.execute(Sandbox.binary, arguments, in: root, stdin: stdin,
                            environment: ["BODYWORK_TEST_RULES": "1", "XDG_CACHE_HOME": path(".cache")].merging(extra) { $1 })
    }

    /// Runs git in this directory with a fixed identity; fails the test when git fails.
    @discardableResult
    func git(_ arguments: String...) throws -> RunResult {
        let result = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                         ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
                                          "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"] + arguments,
                                         in: root, stdin: nil, environment: [:])
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    static func execute(_ executable: URL, _ arguments: [String], in directory: URL, stdin: Data?,
                        environment extra: [String: String]) throws -> RunResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["NO_COLOR", "BODYWORK_TEST_RULES", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] {
            environment.removeValue(forKey: key)
        }
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let stdinData = stdin ?? Data()
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: stdinData)
            try? writer.close()
        }
        let errorData = LockedData()
        let errorsRead = DispatchGroup()
        errorsRead.enter()
        let errorHandle = err.fileHandleForReading
        DispatchQueue.global().async {
            errorData.set(errorHandle.readDataToEndOfFile())
            errorsRead.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        return RunResult(status: process.terminationStatus, stdout: outputData,
                         stderr: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// The test build, `bodywork-testing`: the command line plus, with BODYWORK_TEST_RULES=1,
    /// the test-only rules.
    static let binary: URL = executable(named: "bodywork-testing")

    /// The shipping `bodywork` executable, without the test-only rules.
    static let shippingBinary: URL = executable(named: "bodywork")

    /// A folder holding only `bodywork`, a link to the test build, for commands that find
    /// bodywork on the PATH.
    static let pathDirectory: URL = {
        let directory = binary.deletingLastPathComponent().appendingPathComponent("bodywork-testing-path")
        let link = directory.appendingPathComponent("bodywork")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != binary.path {
            try? FileManager.default.removeItem(at: link)
            try? FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
        }
        return directory
    }()

    /// The executable `name` next to the test bundle (or in `.build/debug`).
    private static func executable(named name: String) -> URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        }
        #else
        let candidate = Bundle.main.bundleURL.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let sibling = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        }
        #endif
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/" + name)
    }
}

/// Data handed from a reader thread.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}

extension XCTestCase {
    /// Skips a test that needs permissions to mean something (root reads and writes anyway).
    func skipIfRoot() throws {
        if getuid() == 0 { throw XCTSkip("running as root: file permissions are not enforced") }
    }
}
