// `bodywork describe [PATH]`: the project model as bodywork reads it — projects, their
// modules, file counts, dependencies and deployment targets — so a user can check what
// each file's fixes are proven against.
import Project

/// Runs `describe [--format text|json] [PATH…]`.
struct DescribeCommand {
    var paths: [String] = []
    var format: OutputFormat = .text

    /// Parses the arguments after `describe`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var command = DescribeCommand()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "-h", "--help":
                return .verbHelp("describe")
            case "--format":
                guard let value = inline ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError("describe: --format needs a value")
                }
                if inline == nil { index += 1 }
                guard let parsed = OutputFormat(rawValue: value), parsed == .text || parsed == .json else {
                    throw UsageError("describe: --format must be text or json, not '\(value)'")
                }
                command.format = parsed
            default:
                guard !argument.hasPrefix("-") || argument == "-" else { throw UsageError("describe: unknown option '\(argument)'") }
                command.paths.append(argument)
            }
        }
        return .describe(command)
    }

    func run(console: Console) -> Int32 {
        let given = paths.isEmpty ? ["."] : paths
        for path in given where FileKind.of(path) == .missing {
            console.message("bodywork: \(path): no such file or directory")
            return ExitStatus.usageError
        }
        let model = ProjectModel(roots: given.filter { FileKind.of($0) == .directory }.map(FilePath.absolute))
        for path in given {
            if FileKind.of(path) == .directory {
                model.loadAll(under: FilePath.absolute(path))
            } else {
                _ = model.owners(ofFile: FilePath.absolute(path))
            }
        }
        var description = ProjectDescription(model: model)
        if !paths.isEmpty { description.only = DescribeCommand.shown(given, in: model) }
        console.write(format == .json ? description.json().rendered() : description.text())
        return ExitStatus.success
    }
}

extension DescribeCommand {
    /// What the paths are in: a file's modules; for a directory, the modules with files
    /// under it, and every module of a project that is under it. A project is shown when
    /// one of its modules is, or when it holds a given directory.
    static func shown(_ paths: [String], in model: ProjectModel) -> (modules: Set<String>, projects: Set<String>) {
        var modules: Set<String> = [], projects: Set<String> = []
        for path in paths.map(FilePath.absolute) {
            guard FileKind.of(path) == .directory else {
                modules.formUnion(model.owners(ofFile: path))
                continue
            }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            for project in model.projects {
                let whole = project.path == path || project.path.hasPrefix(prefix)
                if prefix.hasPrefix(project.path.hasSuffix("/") ? project.path : project.path + "/") { projects.insert(project.path) }
                for id in project.moduleIDs {
                    guard let module = model.module(id) else { continue }
                    if whole || module.files.contains(where: { $0.hasPrefix(prefix) }) { modules.insert(id) }
                }
            }
        }
        for id in modules { if let module = model.module(id) { projects.insert(module.projectPath) } }
        return (modules, projects)
    }
}

/// The model's projects and modules, rendered for `describe`.
struct ProjectDescription {
    let model: ProjectModel
    /// With paths given: the modules and projects they are in (`DescribeCommand.shown`).
    var only: (modules: Set<String>, projects: Set<String>)?

    init(model: ProjectModel) { self.model = model }

    private var shownProjects: [Project] {
        guard let only else { return model.projects }
        return model.projects.filter { only.projects.contains($0.path) }
    }

    private func shownModules(of project: Project) -> [String] {
        guard let only else { return project.moduleIDs }
        return project.moduleIDs.filter { only.modules.contains($0) }
    }

    /// A path under the working directory relative to it; others as they are.
    static func displayPath(_ path: String) -> String {
        if path == FilePath.currentDirectory { return "." }
        return FilePath.relative(path, to: FilePath.currentDirectory) ?? path
    }

    private func moduleName(_ id: String) -> String {
        guard let module = model.module(id) else { return id }
        let owner = model.project(module.projectPath)
        return owner.map { "\($0.name)/\(module.name)" } ?? module.name
    }

    private static func platforms(_ targets: [String: String]) -> String {
        targets.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    func text() -> String {
        var out = ""
        for project in shownProjects {
            out += "\(project.kind.rawValue) \(project.name) (\(ProjectDescription.displayPath(project.path)))\n"
            if project.kind == .xcodeWorkspace {
                for member in project.members { out += "  lists \(ProjectDescription.displayPath(member))\n" }
            }
            for id in shownModules(of: project) {
                guard let module = model.module(id) else { continue }
                out += "  module \(module.name)"
                if let detail = module.detail { out += " [\(detail)]" }
                out += ": \(plural(module.files.count, "file"))\n"
                let dependencies = module.dependencies.map(moduleName) + module.unresolvedDependencies.map { "\($0) (not found)" }
                if !dependencies.isEmpty { out += "    depends on: \(dependencies.joined(separator: ", "))\n" }
                if !module.deploymentTargets.isEmpty {
                    out += "    deployment targets: \(ProjectDescription.platforms(module.deploymentTargets))\n"
                }
            }
        }
        if out.isEmpty { out = "no projects or Swift files found\n" }
        return out
    }

    func json() -> JSONText {
        .object([("projects", .array(shownProjects.map { project in
            .object([
                ("name", .string(project.name)),
                ("kind", .string(project.kind.rawValue)),
                ("path", .string(ProjectDescription.displayPath(project.path))),
                ("members", .array(project.members.map { .string(ProjectDescription.displayPath($0)) })),
                ("modules", .array(shownModules(of: project).compactMap(model.module).map { module in
                    .object([
                        ("name", .string(module.name)),
                        ("kind", .string(module.kind.rawValue)),
                        ("detail", module.detail.map(JSONText.string) ?? .null),
                        ("files", .integer(module.files.count)),
                        ("dependencies", .array(module.dependencies.map { .string(moduleName($0)) })),
                        ("unresolvedDependencies", .array(module.unresolvedDependencies.map(JSONText.string))),
                        ("deploymentTargets", .object(module.deploymentTargets.sorted { $0.key < $1.key }
                            .map { ($0.key, .string($0.value)) })),
                    ])
                })),
            ])
        }))])
    }
}
