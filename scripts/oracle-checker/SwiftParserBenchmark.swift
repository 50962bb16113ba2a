// Times SwiftParser (lex, parse and tree) over a set of files for `scripts/bench`, in the
// same `key value` lines that `bodywork parse --stats` prints.
import Foundation
import SwiftParser
import SwiftSyntax

/// Parses every file `runs` times (all in memory first, one thread) and prints the median
/// of the per-run totals.
func benchmarkSwiftParser(paths: [String], runs: Int) {
    let sources = paths.compactMap(readBytes)
    let clock = ContinuousClock()
    var seconds: [Double] = []
    var parsedBytes = 0
    for _ in 0..<runs {
        var bytesThisRun = 0
        let elapsed = clock.measure {
            for source in sources {
                let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
                bytesThisRun &+= tree.totalLength.utf8Length
            }
        }
        parsedBytes = bytesThisRun
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    seconds.sort()
    let bytes = sources.reduce(0) { $0 + $1.count }
    let lines = sources.reduce(0) { total, source in total + source.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
    print("files \(sources.count)")
    print("parsed_bytes \(parsedBytes)")
    print("bytes \(bytes)")
    print("lines \(lines)")
    print("parse_seconds_median \(seconds[seconds.count / 2])")
    print("parse_seconds_min \(seconds.first ?? 0)")
    print("parse_seconds_max \(seconds.last ?? 0)")
    print("parse_seconds_runs \(seconds.map { String($0) }.joined(separator: ","))")
}
