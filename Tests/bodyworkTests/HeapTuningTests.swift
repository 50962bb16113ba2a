// The heap advice changes how memory is mapped, never what a run computes.
import Foundation
import XCTest
import Runtime
@testable import BodyworkCLI

final class HeapTuningTests: XCTestCase {
    func testARunPrintsTheSameWithAndWithoutTheAdvice() throws {
        let box = try Sandbox()
        for index in 0..<40 {
            try box.write("Sources/View\(index).swift", """
                import SwiftUI
                struct Row\(index): View {
                    let items: [Int]
                    var body: some View {
                        VStack {
                            ForEach(items.indices, id: \\.self) { i in Text("\\(items[i])") }
                            AnyView(Text("\(index)"))
                        }
                    }
                }

                """)
        }
        let tuned = try box.run(["--check", "--jobs", "2", "--format", "json", "."])
        let plain = try box.run(["--check", "--jobs", "2", "--format", "json", "."], environment: ["BODYWORK_NO_HEAP_TUNING": "1"])
        let tunedByUser = try box.run(["--check", "--jobs", "2", "--format", "json", "."],
                                      environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=1"])
        XCTAssertEqual(tuned.status, 1, tuned.stderr)
        XCTAssertFalse(tuned.output.isEmpty)
        XCTAssertEqual(tuned.output, plain.output)
        XCTAssertEqual(tuned.status, plain.status)
        XCTAssertEqual(tuned.output, tunedByUser.output)
    }

    func testAdviceTwiceAndOnThreadsLeavesAllocationWorking() {
        HeapTuning.prepareProcess()
        HeapTuning.prepareProcess()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            HeapTuning.prepareThread()
            var arrays: [[UInt8]] = []
            for size in [1, 4096, 1 << 20, 40 << 20] { arrays.append([UInt8](repeating: 7, count: size)) }
            XCTAssertEqual(arrays.map { $0.reduce(0) { $0 &+ Int($1) } }, [7, 7 * 4096, 7 << 20, 7 * (40 << 20)])
            done.signal()
        }
        thread.start()
        done.wait()
    }
}
