// A run's helper threads are made once and reused from one phase to the next, and work
// that waits for other work never waits for a helper to be free.
@testable import BodyworkCLI
import Foundation
import XCTest
@testable import Runtime

final class HelperThreadsTests: XCTestCase {
    private final class Threads: @unchecked Sendable {
        let lock = NSLock()
        var seen: Set<ObjectIdentifier> = []

        func record() {
            let current = ObjectIdentifier(Thread.current)
            lock.withLock { _ = seen.insert(current) }
        }
    }

    func testASecondBatchRunsOnTheFirstBatchsThreads() {
        let main = ObjectIdentifier(Thread.current)
        let first = Threads()
        let second = Threads()
        for threads in [first, second] {
            runOrdered(count: 200, jobs: 3, work: { index -> Int in
                threads.record()
                // Long enough that every helper takes some of the work.
                usleep(200)
                return index
            }, emit: { _, _ in })
        }
        XCTAssertEqual(first.seen.subtracting([main]).count, 2, "two helpers besides the calling thread")
        XCTAssertTrue(second.seen.subtracting([main]).isSubset(of: first.seen), "no new thread for the second batch")
    }

    func testWorkQueuedBehindABusyHelperRunsOnItOnceItIsDone() {
        let pool = HelperThreads()
        let threads = Threads()
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        pool.run({
            threads.record()
            release.wait()
        }, group: done)
        pool.run({ threads.record() }, group: done, afterBusy: true)
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(threads.seen.count, 1, "the queued work ran on the helper that was busy")
        // Without a busy helper to wait for, work is not queued.
        let alone = HelperThreads()
        let ran = DispatchGroup()
        alone.run({}, group: ran, afterBusy: true)
        XCTAssertEqual(ran.wait(timeout: .now() + 10), .success)
    }

    func testWorkThatWaitsForLaterWorkGetsAThreadOfItsOwn() {
        let pool = HelperThreads.shared
        let later = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        // Takes a helper and holds it until the work handed out after it has run.
        pool.run({ later.wait() }, group: done)
        pool.run({ later.signal() }, group: done)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }

    func testARunPrintsTheSameWithAndWithoutPlacementAndItsChildrenRunAnywhere() throws {
        let box = try Sandbox()
        for index in 0..<30 {
            try box.write("Sources/View\(index).swift", """
                import SwiftUI
                struct Row\(index): View {
                    let name: String
                    var body: some View {
                        AnyView(
                            VStack { Text(name) }
                        )
                    }
                }

                """)
        }
        let placed = try box.run(["--check", "--jobs", "2", "--format", "json", "."])
        let free = try box.run(["--check", "--jobs", "2", "--format", "json", "."],
                               environment: ["BODYWORK_NO_PLACEMENT": "1"])
        XCTAssertEqual(placed.status, 1, placed.stderr)
        XCTAssertFalse(placed.output.isEmpty)
        XCTAssertEqual(placed.output, free.output)
        #if os(Linux)
        // The build a --verify runs may use every processor the run could.
        let record = box.path("processors.txt")
        let verified = try box.run(["--apply", "--jobs", "2", "--verify",
                                    "grep Cpus_allowed_list /proc/self/status >> '\(record)'", "Sources"])
        XCTAssertEqual(verified.status, 0, verified.stderr)
        let lines = try box.text("processors.txt").split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) }
        XCTAssertEqual(lines.count, 2, "run on the unchanged tree and after the fixes")
        XCTAssertEqual(Set(lines), [allowedProcessors()])
        #endif
    }

    #if os(Linux)
    func testPlacedThreadsHaveAProcessorEachUntilThePlacementEnds() throws {
        let everywhere = allowedProcessors()
        try XCTSkipUnless(ProcessorPlacement.begin(threads: 2), "no room on this machine for placement now")
        let mine = allowedProcessors()
        let child = ProcessorPlacement.onEveryProcessor { allowedProcessors() }
        let afterChild = allowedProcessors()
        let record = Values()
        runOrdered(count: 50, jobs: 2, work: { index -> Int in
            record.add(allowedProcessors())
            usleep(100)
            return index
        }, emit: { _, _ in })
        ProcessorPlacement.end()
        XCTAssertTrue(isOneProcessor(mine), "the calling thread is kept on one processor: \(mine)")
        XCTAssertEqual(child, everywhere, "a child process started meanwhile may run anywhere")
        XCTAssertEqual(afterChild, mine)
        let helpers = Set(record.values).subtracting([mine])
        XCTAssertEqual(helpers.count, 1, "the helper works on a processor of its own: \(record.values)")
        XCTAssertTrue(helpers.allSatisfy(isOneProcessor), "\(helpers)")
        XCTAssertEqual(allowedProcessors(), everywhere, "the calling thread runs anywhere again")
    }

    private final class Values: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [String] = []
        func add(_ value: String) { lock.withLock { values.append(value) } }
    }
    #endif
}

#if os(Linux)
/// The processors this thread may run on, as the system lists them ("0-3", "1").
private func allowedProcessors() -> String {
    let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") } ?? ""
    return line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
}

private func isOneProcessor(_ list: String) -> Bool {
    !list.isEmpty && !list.contains("-") && !list.contains(",")
}
#endif
