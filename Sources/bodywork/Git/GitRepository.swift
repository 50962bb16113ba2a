// The few questions file selection asks git: where the work tree is, which files
// .gitignore excludes, which files changed since a revision. Each is one process per run.
import Foundation

/// A git work tree found from a directory, queried through the `git` executable.
struct GitRepository {
    /// Absolute path of the work tree's top directory.
    let topLevel: String

    /// The work tree holding `directory`, or nil when there is none (or no git).
    static func containing(_ directory: String) -> GitRepository? {
        // Starting git costs more than a small run; look for a `.git` entry first.
        guard hasGitEntry(at: directory) else { return nil }
        guard let result = runGit(["rev-parse", "--show-toplevel"], in: directory), result.status == 0 else { return nil }
        let top = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard !top.isEmpty else { return nil }
        return GitRepository(topLevel: FilePath.canonical(top))
    }

    /// Whether `directory` or a directory above it holds a `.git` entry (a directory, or
    /// the file of a worktree or submodule). `GIT_DIR` set in the environment counts too.
    static func hasGitEntry(at directory: String) -> Bool {
        if ProcessEnvironment.variables["GIT_DIR"] != nil { return true }
        var current = URL(fileURLWithPath: FilePath.canonical(directory))
        while true {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) { return true }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return false }
            current = parent
        }
    }

    /// The subset of `paths` (relative to the top level) that .gitignore rules exclude.
    /// Tracked files are never reported as ignored. One `git check-ignore` for all paths.
    func ignored(_ paths: [String]) -> Set<String> {
        guard !paths.isEmpty else { return [] }
        var input = [UInt8]()
        for path in paths {
            input.append(contentsOf: path.utf8)
            input.append(0)
        }
        guard let result = GitRepository.runGit(["check-ignore", "-z", "--stdin", "--"], in: topLevel, input: input),
              result.status == 0 || result.status == 1 else { return [] }
        return Set(result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    }

    /// Files (relative to the top level) modified since `revision`, plus untracked files
    /// that are not ignored; fails with git's message when the revision is unknown.
    ///
    /// The revision is resolved to a commit first, with `--end-of-options`, and never
    /// reaches git where it could be taken for an option (`--output=FILE`).
    func changedFiles(since revision: String) -> Result<[String], GitError> {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.utf8.contains(0) else {
            return .failure(GitError(message: "'\(revision)' is not a revision"))
        }
        guard let resolved = GitRepository.runGit(["rev-parse", "--verify", "--quiet", "--end-of-options",
                                                   revision + "^{commit}"], in: topLevel) else {
            return .failure(GitError(message: "cannot run git"))
        }
        let commit = String(decoding: resolved.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard resolved.status == 0, !commit.isEmpty, commit.utf8.allSatisfy({ isxdigit(Int32($0)) != 0 }) else {
            return .failure(GitError(message: "unknown revision '\(revision)'"))
        }
        guard let diff = GitRepository.runGit(["diff", "--name-only", "-z", "--diff-filter=ACMRT", commit, "--"], in: topLevel) else {
            return .failure(GitError(message: "cannot run git"))
        }
        guard diff.status == 0 else {
            let message = String(decoding: diff.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(GitError(message: message.isEmpty ? "git diff failed for '\(revision)'" : message))
        }
        guard let untracked = GitRepository.runGit(["ls-files", "-z", "--others", "--exclude-standard", "--"], in: topLevel),
              untracked.status == 0 else {
            return .failure(GitError(message: "git ls-files failed"))
        }
        let names = diff.output.split(separator: 0) + untracked.output.split(separator: 0)
        return .success(names.map { String(decoding: $0, as: UTF8.self) })
    }

    /// The `git` found on `PATH`, or nil when there is none.
    static let executable: String? = {
        let path = ProcessEnvironment.variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/git"
            if access(candidate, X_OK) == 0, FileKind.of(candidate) == .regularFile { return candidate }
        }
        return nil
    }()

    /// Why a git query failed.
    struct GitError: Error {
        var message: String
    }

    /// Runs `git args` as if started in `directory` (`git -C`), feeding `input` on its
    /// standard input.
    static func runGit(_ arguments: [String], in directory: String, input: [UInt8]? = nil) -> ChildProcess? {
        guard let executable = executable else { return nil }
        return ChildProcess.run(executable, ["-C", directory] + arguments, input: input)
    }
}
