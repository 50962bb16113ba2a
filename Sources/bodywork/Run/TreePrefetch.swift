// The files of a run read and parsed ahead, on a thread of their own, while the run still
// asks git which files it ignores and builds its plan and project model: work that leaves
// the other core idle. The index pass takes what is ready and parses the rest itself.
import Foundation
import Semantics
import SwiftCST
import Patch
import Project
import Runtime

/// Reads and parses files in order on one thread; each file is handed out once.
final class TreePrefetch: @unchecked Sendable {
    /// A file as read ahead: its bytes and stamp, and its whole tree.
    struct File {
        var bytes: [UInt8]
        var stamp: FileStamp
        /// The open file's `fstat`.
        var status: stat
        var tree: SyntaxTree?
        /// The file's index facts, built from `tree` on the thread that parsed it (when the
        /// prefetch builds them).
        var facts: ProjectIndex?

        /// What an in-place write checks of the file, as this read found it.
        func snapshot(path: String) -> FileSnapshot { FileSnapshot(path: path, bytes: bytes, status: status) }
    }

    private enum State {
        /// Taken by the index pass before this thread came to it.
        case claimed
        case parsing
        case done(File?)
    }

    private let condition = NSCondition()
    private var order: [String] = []
    private var next = 0
    private var states: [String: State] = [:]
    private var stopping = false
    /// Stopped, and what was read handed on: nothing more is taken.
    private var closed = false
    /// No more paths will be added.
    private var complete = false
    private var started = false
    private var finished = true
    private let maxFileSize: Int
    private let trees: ParsedTrees
    private let buildsFacts: Bool

    /// With `buildsFacts`, each file's index facts are built as soon as it is parsed, on
    /// this thread: the tree is still in this core's cache, where the index pass, on
    /// another core, would read all of it again from memory.
    init(maxFileSize: Int, trees: ParsedTrees, buildsFacts: Bool) {
        self.maxFileSize = maxFileSize
        self.trees = trees
        self.buildsFacts = buildsFacts
    }

    /// Starts on `paths` (as the run names them), in order, and no others.
    func start(_ paths: [String]) {
        add(paths)
        finishAdding()
    }

    /// Adds `paths` to read, in order after those added before; the first start the thread.
    func add(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        let starts: Bool = condition.withLock {
            order += paths
            // Room for every path now: grown as this thread claims them, the table was
            // rehashed while the thread that hands out paths waited for the lock.
            if states.capacity < order.count { states.reserveCapacity(2 * order.count) }
            condition.broadcast()
            guard !started else { return false }
            started = true
            finished = false
            return true
        }
        guard starts else { return }
        HelperThreads.shared.run { [self] in run() }
    }

    /// No paths will be added: the thread ends when it has come to the last.
    func finishAdding() {
        condition.withLock {
            complete = true
            condition.broadcast()
        }
    }

    /// The file at `path` as read ahead, waiting while it is being parsed; nil when this
    /// thread has not come to it (it will not now) or could not read it, or once stopped.
    func take(_ path: String) -> File? {
        condition.withLock {
            while !closed {
                switch states[path] {
                case nil:
                    states[path] = .claimed
                    return nil
                case .claimed?:
                    return nil
                case .parsing?:
                    condition.wait()
                case .done(let file)?:
                    states[path] = .claimed
                    return file
                }
            }
            return nil
        }
    }

    /// Claims no more files: from now on the index pass's own threads read them, and a
    /// third thread would only compete with them. The file being parsed is finished.
    func stopClaiming() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    /// Waits until the thread has come to the end of its files.
    func waitUntilDone() {
        condition.withLock {
            while !finished { condition.wait() }
        }
    }

    /// Stops after the file being parsed. Trees read ahead and never taken are kept for
    /// the rules when their file is in `planned` (made only when there are such trees),
    /// else give their room back.
    func stop(keepingFor planned: @autoclosure () -> Set<String>) {
        let unused: [(path: String, file: File, tree: SyntaxTree)] = condition.withLock {
            stopping = true
            condition.broadcast()
            while !finished { condition.wait() }
            var unused: [(path: String, file: File, tree: SyntaxTree)] = []
            for (path, state) in states {
                if case .done(let file?) = state, let tree = file.tree { unused.append((path, file, tree)) }
            }
            closed = true
            return unused
        }
        guard !unused.isEmpty else { return }
        let planned = planned()
        for (path, file, tree) in unused {
            if planned.contains(path) {
                trees.keep(tree, path: path, file: file.snapshot(path: path))
            } else {
                trees.release(tree.bytes.count)
            }
        }
    }

    private func run() {
        while let path = claimNext() {
            let (file, full) = read(path)
            condition.withLock {
                states[path] = .done(file)
                // The trees' budget is full: reading on would only hold bytes in memory.
                if full { stopping = true }
                condition.broadcast()
            }
        }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    private func claimNext() -> String? {
        condition.withLock {
            while !stopping {
                guard next < order.count else {
                    if complete { return nil }
                    condition.wait()
                    continue
                }
                let path = order[next]
                next += 1
                if states[path] == nil {
                    states[path] = .parsing
                    return path
                }
            }
            return nil
        }
    }

    /// The file at `path` parsed, when it is text and the trees' budget has room for it
    /// (`full` when it has not); nil otherwise, so that no bytes wait without a tree.
    private func read(_ path: String) -> (file: File?, full: Bool) {
        guard let (read, stamp, status) = SourceFile.read(path, maxSize: maxFileSize), let bytes = read,
              FileProcessor.isUTF8Text(bytes) else { return (nil, false) }
        guard trees.reserve(bytes.count) else { return (nil, true) }
        let tree = SyntaxTree.parse(bytes)
        let facts = buildsFacts ? ProjectIndexBuilder.build([(path, tree)]) : nil
        return (File(bytes: bytes, stamp: stamp, status: status, tree: tree, facts: facts), false)
    }
}
