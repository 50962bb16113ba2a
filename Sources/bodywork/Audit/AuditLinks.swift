// `audit --link TEMPLATE`: every location of the audit as a link into the code's web
// view (`https://host/org/repo/blob/main/{path}#L{line}`), or one made from the git
// remote and commit with `--link git`, so that a lead planning from the page opens the code.
import Foundation

/// Turns a finding's place into a URL.
struct AuditLinks: Sendable {
    /// The template: `{path}` (from the top of the repository, or of the working
    /// directory outside one), `{line}` and `{column}` are replaced.
    let template: String
    /// The absolute directory paths are made relative to.
    let root: String

    /// The link to `line` of `path` (as the run names it).
    func url(path: String, line: Int, column: Int = 1) -> String {
        let absolute = FilePath.absolute(path)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let relative = absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
        let encoded = relative.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: AuditLinks.pathCharacters) ?? String($0) }
            .joined(separator: "/")
        return template.replacingOccurrences(of: "{path}", with: encoded)
            .replacingOccurrences(of: "{line}", with: String(line))
            .replacingOccurrences(of: "{column}", with: String(column))
    }

    /// Characters left as they are in a path segment.
    private static let pathCharacters = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")

    /// `--link VALUE` for the paths audited: a template holding `{path}`, or `git` for one
    /// made from the repository's remote (`origin`, else the first) at the checked-out commit.
    static func resolve(_ value: String, paths: [String]) throws(UsageError) -> AuditLinks {
        let start = FilePath.absolute(paths.first ?? ".")
        let directory = FileKind.of(start) == .directory ? start : FilePath.directory(of: start)
        let repository = GitRepository.containing(directory)
        let root = repository?.topLevel ?? FilePath.currentDirectory
        guard value == "git" else {
            guard value.contains("{path}") else {
                throw UsageError("audit: --link needs a template with {path} (and {line}), or `git`, not '\(value)'")
            }
            return AuditLinks(template: value, root: root)
        }
        guard let repository else { throw UsageError("audit: --link git needs the audited paths in a git work tree") }
        func git(_ arguments: [String]) -> String? {
            guard let result = GitRepository.runGit(arguments, in: repository.topLevel), result.status == 0 else { return nil }
            let text = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        let remotes = git(["remote"])?.split(separator: "\n").map(String.init) ?? []
        guard let remote = remotes.contains("origin") ? "origin" : remotes.first,
              let address = git(["remote", "get-url", remote]), let commit = git(["rev-parse", "HEAD"]) else {
            throw UsageError("audit: --link git needs a remote and a commit in \(repository.topLevel)")
        }
        guard let template = webTemplate(remote: address, commit: commit) else {
            throw UsageError("audit: --link git cannot make a web address of the remote '\(address)'; give a template")
        }
        return AuditLinks(template: template, root: repository.topLevel)
    }

    /// The web view of a file at `commit` on the host of a git remote address (HTTPS,
    /// `ssh://` or scp-like `git@host:org/repo.git`): GitLab's `/-/blob/`, Bitbucket's
    /// `/src/`, else GitHub's `/blob/` (which Gitea and Forgejo share).
    static func webTemplate(remote: String, commit: String) -> String? {
        var address = remote
        if let scheme = address.range(of: "://") {
            address = String(address[scheme.upperBound...])
        } else if let colon = address.firstIndex(of: ":"), !address[..<colon].contains("/") {
            address = String(address[..<colon]) + "/" + String(address[address.index(after: colon)...])
        } else {
            return nil  // a local path
        }
        if let at = address.firstIndex(of: "@"), at < (address.firstIndex(of: "/") ?? address.endIndex) {
            address = String(address[address.index(after: at)...])  // user or credentials
        }
        if address.hasSuffix(".git") { address.removeLast(4) }
        while address.hasSuffix("/") { address.removeLast() }
        var parts = address.split(separator: "/").map(String.init)
        guard parts.count >= 3 else { return nil }
        if let port = parts[0].firstIndex(of: ":") { parts[0] = String(parts[0][..<port]) }  // an ssh port
        let base = "https://" + parts.joined(separator: "/")
        let host = parts[0].lowercased()
        if host.contains("gitlab") { return base + "/-/blob/\(commit)/{path}#L{line}" }
        if host.contains("bitbucket") { return base + "/src/\(commit)/{path}#lines-{line}" }
        return base + "/blob/\(commit)/{path}#L{line}"
    }
}
