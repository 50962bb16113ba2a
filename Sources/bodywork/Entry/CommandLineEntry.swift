// The command line's entry point: parse the arguments, run the chosen command, exit with
// its status (see `Runner` for what each status means). Executables call it from `main`.
import Codemod
import Transforms
import Foundation

/// The `bodywork` command line, shared by the shipping executable and the test build.
public enum CommandLineEntry {
    /// Runs the command the process's arguments name and exits with its status.
    /// `extraRules` adds rules to the registry's for this process (the test build's
    /// test-only rules); the shipping executable passes none.
    public static func main(extraRules: @escaping @Sendable (_ environment: [String: String]) -> [any Rule] = { _ in [] }) -> Never {
        AvailableRules.extra = extraRules
        // A closed pipe on stdout must not kill a run half-way through `--apply`: writes fail
        // with EPIPE instead, and the exit status says so. A handler rather than SIG_IGN, which
        // the commands bodywork starts would inherit.
        signal(SIGPIPE, { _ in })
        Interruption.install()
        let console = Console()
        let environment = ProcessEnvironment.variables
        var parser = ArgumentParser(Array(CommandLine.arguments.dropFirst()),
                                    defaultJobs: ProcessInfo.processInfo.activeProcessorCount)
        let status: Int32
        do {
            switch try parser.parse() {
            case .help:
                console.write(Help.usage)
                status = ExitStatus.success
            case .manual:
                console.write(Help.text + "\n")
                status = ExitStatus.success
            case .verbHelp(let verb):
                console.write(Help.usage(of: verb))
                status = ExitStatus.success
            case .version:
                console.write("bodywork \(bodyworkVersion)\n")
                status = ExitStatus.success
            case .completions(let shell):
                let ids = AvailableRules.all(environment: environment).map(\.id)
                console.write(Completions.script(for: shell, ruleIDs: ids) ?? "")
                status = ExitStatus.success
            case .showConfiguration(let path, let configPath):
                status = ConfigCommand.run(path: path, configPath: configPath, console: console)
            case .manPage:
                console.write(ManPage.text(version: bodyworkVersion))
                status = ExitStatus.success
            case .listRules(let format):
                status = RuleCommands.list(AvailableRules.all(environment: environment), format: format, console: console)
            case .explain(let id):
                status = RuleCommands.explain(id, rules: AvailableRules.all(environment: environment), console: console)
            case .parse(let view, let paths, let jobs, let timing):
                status = ParseCommand(view: view, paths: paths, jobs: jobs, timing: timing, console: console).run()
            case .describe(let command):
                status = command.run(console: console)
            case .languageServer:
                status = LanguageServer(environment: environment, console: console).run()
            case .audit(let command):
                status = command.run(console: console, environment: environment)
            case .probe(let command):
                status = command.run(console: console, environment: environment)
            case .run(let options):
                status = Runner(options: options, console: console, environment: environment).run()
            }
        } catch {
            console.message("bodywork: \(error)")
            status = ExitStatus.usageError
        }
        console.flush()
        if status == ExitStatus.success, let error = console.outputError {
            console.message("bodywork: \(error)")
            exit(ExitStatus.fileErrors)
        }
        exit(status)
    }
}

/// The rules a run can use: the registry's, plus those the executable adds.
enum AvailableRules {
    /// Set once by `CommandLineEntry.main` before any command runs, read-only after.
    nonisolated(unsafe) static var extra: @Sendable ([String: String]) -> [any Rule] = { _ in [] }

    static func all(environment: [String: String]) -> [any Rule] {
        Registry.allRules + extra(environment)
    }
}
