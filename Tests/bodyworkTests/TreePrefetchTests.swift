// Files parsed ahead are handed out once, whoever comes first to a file parses it, and
// trees never taken go to the rules or give their room back.
@testable import BodyworkCLI
import Foundation
import Semantics
import SwiftCST
import XCTest

final class TreePrefetchTests: XCTestCase {
    private func files(_ sandbox: Sandbox, _ count: Int) throws -> [String] {
        try (0..<count).map { number in try sandbox.write("F\(number).swift", "struct F\(number) { var value = \(number) }\n") }
    }

    func testEachFileIsReadOnceByWhoeverComesFirst() throws {
        let sandbox = try Sandbox()
        let paths = try files(sandbox, 40)
        let trees = ParsedTrees(budget: 1 << 20)
        let prefetch = TreePrefetch(maxFileSize: 1 << 20, trees: trees, buildsFacts: false)
        // Claimed before the thread starts: left to the caller.
        XCTAssertNil(prefetch.take(paths[39]))
        prefetch.start(paths)
        var parsedAhead = 0
        for path in paths.dropLast() {
            guard let file = prefetch.take(path) else { continue }
            parsedAhead += 1
            XCTAssertEqual(file.bytes, try sandbox.read(URL(fileURLWithPath: path).lastPathComponent))
            XCTAssertEqual(file.tree?.bytes, file.bytes)
            XCTAssertNil(prefetch.take(path), "handed out once")
            trees.keep(file.tree!, path: path)
        }
        prefetch.stop(keepingFor: [])
        XCTAssertNil(prefetch.take(paths[39]))
        // Some or all were parsed ahead, depending on the threads; each was handed out once.
        XCTAssertLessThanOrEqual(parsedAhead, 39)
        for path in paths.dropLast() where trees.take(path) != nil { parsedAhead -= 1 }
        XCTAssertEqual(parsedAhead, 0, "every tree handed out was kept once")
    }

    func testFilesAddedWhileTheWalkRunsAreAllReadAndStopEndsAWaitingThread() throws {
        let sandbox = try Sandbox()
        let paths = try files(sandbox, 6)
        let trees = ParsedTrees(budget: 1 << 20)
        let prefetch = TreePrefetch(maxFileSize: 1 << 20, trees: trees, buildsFacts: false)
        // Added one by one, as a walk finds them: the thread waits for more in between.
        for path in paths { prefetch.add([path]) }
        prefetch.finishAdding()
        prefetch.waitUntilDone()
        for path in paths { XCTAssertNotNil(prefetch.take(path)?.tree, path) }
        prefetch.stop(keepingFor: [])

        // A thread waiting for files that will never be added ends when stopped.
        let waiting = TreePrefetch(maxFileSize: 1 << 20, trees: trees, buildsFacts: false)
        waiting.add([paths[0]])
        let stopped = expectation(description: "stopped")
        DispatchQueue.global().async {
            waiting.stop(keepingFor: [])
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 10)
    }

    func testFactsBuiltAheadAreThoseOfTheTree() throws {
        let sandbox = try Sandbox()
        let paths = try files(sandbox, 3)
        for buildsFacts in [true, false] {
            let trees = ParsedTrees(budget: 1 << 20)
            let prefetch = TreePrefetch(maxFileSize: 1 << 20, trees: trees, buildsFacts: buildsFacts)
            prefetch.start(paths)
            prefetch.waitUntilDone()
            for path in paths {
                let file = try XCTUnwrap(prefetch.take(path))
                guard buildsFacts else {
                    XCTAssertNil(file.facts, "left to the index pass")
                    continue
                }
                var builder = ProjectIndexBuilder()
                builder.add(SyntaxTree.parse(file.bytes), path: path)
                XCTAssertEqual(file.facts?.encodedFacts(), builder.finish().encodedFacts(), path)
                XCTAssertEqual(file.facts?.indexedPaths, [path])
            }
            prefetch.stop(keepingFor: [])
        }
    }

    /// `count` files of one size, and a prefetch started on them whose trees' budget
    /// holds `room` of them.
    private func started(_ count: Int, room: Int) throws -> (sandbox: Sandbox, paths: [String], size: Int, trees: ParsedTrees, prefetch: TreePrefetch) {
        let sandbox = try Sandbox()
        let paths = try files(sandbox, count)
        let size = try sandbox.read("F0.swift").count
        let trees = ParsedTrees(budget: room * size)
        let prefetch = TreePrefetch(maxFileSize: 1 << 20, trees: trees, buildsFacts: false)
        prefetch.start(paths)
        return (sandbox, paths, size, trees, prefetch)
    }

    func testTreesNeverTakenGoToTheRulesOrGiveTheirRoomBack() throws {
        let (sandbox, paths, size, trees, prefetch) = try started(4, room: 4)
        defer { withExtendedLifetime(sandbox) {} }
        prefetch.stop(keepingFor: [])
        // Whatever was parsed before the stop gave its room back.
        XCTAssertTrue(trees.reserve(4 * size), "the whole budget is free again")
        trees.release(4 * size)

        let again = TreePrefetch(maxFileSize: 1 << 20, trees: trees, buildsFacts: false)
        again.start(paths)
        again.waitUntilDone()
        again.stop(keepingFor: Set(paths[0...1]))
        XCTAssertNotNil(trees.take(paths[0]))
        XCTAssertNotNil(trees.take(paths[1]))
        XCTAssertNil(trees.take(paths[2]), "not planned: not kept")
        XCTAssertTrue(trees.reserve(4 * size), "and its room is free")
    }

    func testReadingStopsWhenTheTreesBudgetIsFull() throws {
        // Bytes read ahead without a tree would only wait in memory.
        let (sandbox, paths, _, _, prefetch) = try started(5, room: 2)
        defer { withExtendedLifetime(sandbox) {} }
        prefetch.waitUntilDone()
        XCTAssertNotNil(prefetch.take(paths[0])?.tree)
        XCTAssertNotNil(prefetch.take(paths[1])?.tree)
        for path in paths[2...] { XCTAssertNil(prefetch.take(path), path) }
        prefetch.stop(keepingFor: [])
    }
}
