// What `--apply --commit` asks git: whether the work tree is clean, which files it tracks,
// and to commit exactly a group's files. Paths are never read as patterns or options.
import Foundation

extension GitRepository {
    /// Whether the index and work tree hold no change and no untracked file (ignored
    /// files do not count); the error when git cannot tell.
    func isClean() -> Result<Bool, GitError> {
        guard let status = GitRepository.runGit(["status", "--porcelain", "-z", "--untracked-files=all"], in: topLevel),
              status.status == 0 else {
            return .failure(GitError(message: "git status failed in \(topLevel)"))
        }
        return .success(status.output.isEmpty)
    }

    /// Whether HEAD is detached (names a commit, not a branch); false when git cannot tell.
    func isDetached() -> Bool {
        guard let result = GitRepository.runGit(["symbolic-ref", "--quiet", "HEAD"], in: topLevel) else { return false }
        // 1: HEAD is not a symbolic ref; 128 and others: git failed.
        return result.status == 1
    }

    /// The subset of `paths` (relative to the top level) that git tracks.
    func tracked(_ paths: [String]) -> Set<String>? {
        guard !paths.isEmpty else { return [] }
        guard let result = GitRepository.runGit(["--literal-pathspecs", "ls-files", "-z", "--"] + paths, in: topLevel),
              result.status == 0 else { return nil }
        return Set(result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    }

    /// Stages `paths` (relative to the top level) and commits them, and only them, with
    /// `message` (read by git from standard input). The error to report, or nil.
    func commit(_ paths: [String], message: String) -> String? {
        guard let add = GitRepository.runGit(["--literal-pathspecs", "add", "--"] + paths, in: topLevel) else {
            return "cannot run git"
        }
        guard add.status == 0 else { return "git add failed: " + GitRepository.firstLine(add.errors) }
        guard let commit = GitRepository.runGit(["--literal-pathspecs", "commit", "--quiet", "--file=-", "--"] + paths,
                                                in: topLevel, input: Array(message.utf8)) else {
            return "cannot run git"
        }
        guard commit.status == 0 else {
            let why = GitRepository.firstLine(commit.errors + commit.output)
            return "git commit failed" + (why.isEmpty ? "" : ": " + why)
        }
        return nil
    }

    /// Takes `paths` back out of the index (after a failed commit), leaving the files as
    /// they are on disk.
    func unstage(_ paths: [String]) {
        _ = GitRepository.runGit(["--literal-pathspecs", "reset", "--quiet", "--"] + paths, in: topLevel)
    }

    private static func firstLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
