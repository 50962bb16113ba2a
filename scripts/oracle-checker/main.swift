// The differential checker: prints what the toolchain's SwiftParser sees in the same
// digest format as `OracleFormat`, compares two digests, and times SwiftParser for the
// benchmark. Compiled by `scripts/oracle` against the toolchain's own host modules.
import Foundation

let usage = """
    usage: oracle-checker [FILE…]                 digest each file (paths from stdin when none)
           oracle-checker --compare OURS THEIRS   compare two digests; exit 1 on any mismatch
           oracle-checker --bench N [FILE…]       parse all files N times; print median seconds
           oracle-checker --snippets DIR [FILE…]  write the snippets of swift-syntax's parser tests to DIR
    """

/// The paths given after the options, or one per line on standard input when there are none.
func inputPaths(_ arguments: ArraySlice<String>) -> [String] {
    if !arguments.isEmpty { return Array(arguments) }
    var paths: [String] = []
    while let line = readLine(strippingNewline: true) {
        if !line.isEmpty { paths.append(line) }
    }
    return paths
}

func readBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "--help", "-h":
    print(usage)
case "--compare":
    let rest = Array(arguments.dropFirst())
    guard rest.count >= 2 else { FileHandle.standardError.write(Data((usage + "\n").utf8)); exit(2) }
    let maximumShown = rest.count > 2 ? Int(rest[2]) ?? 20 : 20
    exit(compareDigests(oursPath: rest[0], theirsPath: rest[1], maximumShown: maximumShown))
case "--bench":
    let rest = arguments.dropFirst()
    guard let runs = rest.first.flatMap({ Int($0) }), runs > 0 else {
        FileHandle.standardError.write(Data((usage + "\n").utf8)); exit(2)
    }
    benchmarkSwiftParser(paths: inputPaths(rest.dropFirst()), runs: runs)
case "--snippets":
    let rest = arguments.dropFirst()
    guard let directory = rest.first else { FileHandle.standardError.write(Data((usage + "\n").utf8)); exit(2) }
    exit(PeerSnippets.extract(into: directory, testFiles: inputPaths(rest.dropFirst())))
default:
    var output = ""
    for path in inputPaths(arguments) {
        output += "== \(path)\n"
        if let bytes = readBytes(path) {
            output += SwiftParserDigest.render(bytes)
        } else {
            output += "# skipped: unreadable\n"
        }
        if output.utf8.count > 1 << 20 {
            FileHandle.standardOutput.write(Data(output.utf8))
            output = ""
        }
    }
    FileHandle.standardOutput.write(Data(output.utf8))
}
