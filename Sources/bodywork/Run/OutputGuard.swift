// One check for every file a run writes besides the sources (`--patch`, `--output`,
// `--write-baseline`, `--patch-dir`, `audit --output`), made before anything is read.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif


/// The outputs of one run, checked together: none may be a file the run reads (a source,
/// the configuration in use, a baseline it hides findings with), a directory, or lie in a
/// directory that does not exist or cannot be written; no two may name one file.
///
/// What passes is written by `AtomicFile.write`: a regular file (or a link's target)
/// atomically, a device or FIFO as a stream, so a node or a link is never replaced.
struct OutputGuard {
    /// One output: the option that names it (for messages) and its path.
    struct Output {
        var option: String
        var path: String
        /// `--patch-dir`: a directory the run creates files in.
        var isDirectory = false
    }

    var outputs: [Output] = []
    /// Sources of the run.
    var inputs: [String] = []
    /// Configuration files the plan read.
    var configurations: [String] = []
    /// Baseline files the plan read; `--write-baseline` may replace one (to update it).
    var baselines: [String] = []

    /// Adds an output when `path` is given.
    mutating func add(_ option: String, _ path: String?, isDirectory: Bool = false) {
        if let path { outputs.append(Output(option: option, path: path, isDirectory: isDirectory)) }
    }

    /// Throws the first problem as a usage error (exit 2).
    func check() throws(UsageError) {
        guard !outputs.isEmpty else { return }
        let sourceIDs = Set(inputs.compactMap(OutputGuard.identity))
        let configurationIDs = Set(configurations.compactMap(OutputGuard.identity))
        let baselineIDs = Set(baselines.compactMap(OutputGuard.identity))
        for directory in outputs where directory.isDirectory {
            let key = FilePath.canonical(directory.path)
            for output in outputs where !output.isDirectory
                && FilePath.canonical(FilePath.directory(of: FilePath.absolute(output.path))) == key {
                throw UsageError("\(output.option): '\(output.path)' is inside the \(directory.option) directory; "
                                 + "choose a path outside it")
            }
        }
        var claimed: [String: String] = [:]
        for output in outputs where !output.isDirectory {
            let (option, path) = (output.option, output.path)
            var status = stat()
            if stat(path, &status) == 0 {
                let kind = status.st_mode & S_IFMT
                if kind == S_IFDIR { throw UsageError("\(option): '\(path)' is a directory") }
                if kind == S_IFREG {
                    let id = FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                    if sourceIDs.contains(id) {
                        throw UsageError("\(option): '\(path)' is one of the files being read; choose another path")
                    }
                    if configurationIDs.contains(id) {
                        throw UsageError("\(option): '\(path)' is the configuration file in use; choose another path")
                    }
                    if option != "--write-baseline" && baselineIDs.contains(id) {
                        throw UsageError("\(option): '\(path)' is the baseline in use; choose another path")
                    }
                    try OutputGuard.requireWritableDirectory(of: path, option: option)
                }
            } else {
                try OutputGuard.requireWritableDirectory(of: path, option: option)
            }
            // Two outputs on one file would leave only the last; a character device (such
            // as /dev/null) takes both.
            guard let key = OutputGuard.claimKey(path) else { continue }
            if let other = claimed[key] {
                throw UsageError("\(other) and \(option) both name '\(path)'; give each its own file")
            }
            claimed[key] = option
        }
    }

    /// The device and inode of the file `path` names (through links), if it exists.
    private static func identity(_ path: String) -> FileID? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// What two outputs share when they land in one file: the file's identity, or for a
    /// path that does not exist yet its canonical spelling; nil for a character device.
    private static func claimKey(_ path: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFCHR { return nil }
            return "\(status.st_dev):\(status.st_ino)"
        }
        let absolute = FilePath.absolute(path)
        return FilePath.canonical(FilePath.directory(of: absolute)) + "/" + String(FilePath.fileName(absolute))
    }

    /// A regular file is replaced by way of a temporary beside it: its directory must
    /// exist and be writable.
    private static func requireWritableDirectory(of path: String, option: String) throws(UsageError) {
        let directory = FilePath.directory(of: path)
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw UsageError("\(option): cannot write '\(path)': no such directory '\(directory)'")
        }
        guard access(directory, W_OK) == 0 else {
            throw UsageError("\(option): cannot write '\(path)': the directory '\(directory)' is not writable")
        }
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }
}
