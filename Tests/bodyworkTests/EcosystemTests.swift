// What a user installing and adopting bodywork meets: one version everywhere, completions
// and a man page generated from the manual, familiar spellings, the install script.
import Foundation
import XCTest

final class EcosystemTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testOneVersionEverywhere() throws {
        let box = try Sandbox()
        let flag = try box.run(["--version"])
        let command = try box.run(["version"])
        XCTAssertEqual(flag.status, 0)
        XCTAssertEqual(flag.output, command.output)
        let version = try XCTUnwrap(flag.output.split(separator: " ").last).trimmingCharacters(in: .newlines)
        XCTAssertTrue(version.split(separator: ".").count == 3, "a semantic version: \(version)")
        let changelog = try String(contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        XCTAssertTrue(changelog.contains("\n## \(version)"), "CHANGELOG.md has no entry for \(version)")
        let man = try box.run(["man"])
        XCTAssertTrue(man.output.hasPrefix(".TH BODYWORK 1 \"\" \"bodywork \(version)\""), man.output.prefix(80).description)
    }

    func testCompletionsOfferEveryOptionOfTheManual() throws {
        let box = try Sandbox()
        let help = try box.run(["help"]).output
        // Every long option written in an option column of the manual.
        var options: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("    -") {
            for word in line.split(separator: " ").prefix(while: { $0.hasPrefix("-") || $0.hasSuffix(",") }) {
                let name = word.hasSuffix(",") ? String(word.dropLast()) : String(word)
                if name.hasPrefix("--") { options.insert(name) }
            }
        }
        XCTAssertGreaterThan(options.count, 20, "the manual's options were not found")
        for shell in ["bash", "zsh", "fish"] {
            let script = try box.run(["completions", shell])
            XCTAssertEqual(script.status, 0, script.stderr)
            for option in options {
                let spelled = shell == "fish" ? "-l \(option.dropFirst(2))" : option
                XCTAssertTrue(script.output.contains(spelled), "\(shell) completion lacks \(option)")
            }
            XCTAssertTrue(script.output.contains("foreach-identity"), "\(shell) completion lacks the rule ids")
        }
        let bash = try box.run(["completions", "bash"])
        try box.write("bodywork.bash", bash.output)
        let syntax = try box.shell("bash -n bodywork.bash")
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        XCTAssertEqual(try box.run(["completions", "tcsh"]).status, 2)
    }

    func testHelpIsAScreenAndTheManualIsInHelpAndMan() throws {
        let box = try Sandbox()
        let usage = try box.run(["--help"])
        XCTAssertEqual(usage.status, 0)
        let lines = usage.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertLessThanOrEqual(lines.count, 80, usage.output)
        XCTAssertEqual(lines.filter { $0.count > 80 }, [], "lines wider than 80 columns")
        XCTAssertEqual(try box.run(["-h"]).output, usage.output)
        for command in ["audit", "list-rules", "explain", "config", "describe", "lsp", "completions", "man", "help"] {
            XCTAssertTrue(usage.output.contains("bodywork \(command)"), "--help does not name \(command)")
        }
        XCTAssertTrue(usage.output.contains("`bodywork help` or `man bodywork`"), usage.output)
        let manual = try box.run(["help"]).output
        XCTAssertTrue(manual.hasPrefix("NAME\n") && manual.contains("\nEXIT STATUS\n"), manual)
        XCTAssertGreaterThan(manual.split(separator: "\n").count, 200)

        let audit = try box.run(["audit", "--help"])
        XCTAssertEqual(audit.status, 0)
        XCTAssertTrue(audit.output.hasPrefix("usage:\n    bodywork audit [--format"), audit.output)
        XCTAssertTrue(audit.output.contains("\nAUDIT\n"), audit.output)
        XCTAssertFalse(audit.output.contains("\nOPTIONS\n"), "a command's help is not the manual")
        XCTAssertEqual(try box.run(["help", "audit"]).output, audit.output)
        let explain = try box.run(["explain", "--help"]).output
        XCTAssertTrue(explain.hasPrefix("usage:\n    bodywork explain RULE\n"), explain)
        XCTAssertTrue(try box.run(["lsp", "--help"]).output.contains("\nLANGUAGE SERVER\n"))
    }

    func testBashCompletesCommandsValuesRuleListsAndFiles() throws {
        let box = try Sandbox()
        try box.write("bodywork.bash", try box.run(["completions", "bash"]).output)
        try box.write("baseline.json", "{}")
        try box.write("report.sarif", "")
        try box.write("complete.sh", """
            source ./bodywork.bash
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _bodywork; echo "$*: ${COMPREPLY[*]}"; }
            complete_words bodywork con
            complete_words bodywork de
            complete_words bodywork audit --format ''
            complete_words bodywork audit --t
            complete_words bodywork --baseline ba
            complete_words bodywork --write-baseline ba
            complete_words bodywork -o rep
            complete_words bodywork --output rep
            complete_words bodywork --rules anyview,ea
            complete_words bodywork describe --format ''
            complete_words bodywork help au

            """)
        let result = try box.shell("bash complete.sh")
        XCTAssertEqual(result.status, 0, result.stderr)
        for expected in ["bodywork con: config", "bodywork de: describe", "bodywork audit --format : text markdown json html",
                         "bodywork audit --t: --top", "bodywork --baseline ba: baseline.json",
                         "bodywork --write-baseline ba: baseline.json", "bodywork -o rep: report.sarif",
                         "bodywork --output rep: report.sarif", "bodywork --rules anyview,ea: anyview,eager-stack",
                         "bodywork describe --format : text json", "bodywork help au: audit"] {
            XCTAssertTrue(result.output.contains(expected + "\n"), "expected \(expected) in\n\(result.output)")
        }
    }

    func testZshAndFishScriptsParseAndFishCompletes() throws {
        let box = try Sandbox()
        var ran = 0
        for shell in ["zsh", "fish"] where FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") {
            try box.write("bodywork.\(shell)", try box.run(["completions", shell]).output)
            let syntax = try box.shell("\(shell) -n bodywork.\(shell)")
            XCTAssertEqual(syntax.status, 0, "\(shell): \(syntax.stderr)")
            ran += 1
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            throw XCTSkip("no fish in /usr/bin (Debian's `fish`, as .ci/run installs) to run its completions; \(ran) scripts parsed")
        }
        let zsh = try box.text("bodywork.zsh")
        XCTAssertTrue(zsh.contains("'--baseline[Hide the findings FILE records]:file:_files'"), zsh)
        XCTAssertTrue(zsh.contains("'--top[How many of the top views get a measurement plan]:value: '"), zsh)
        try box.write("baseline.json", "{}")
        let fish = try box.shell("""
            fish -c 'source bodywork.fish; complete -C "bodywork --rules anyview,ea"; complete -C "bodywork audit --format "; \
            complete -C "bodywork con"; complete -C "bodywork --baseline ba"'
            """)
        XCTAssertEqual(fish.status, 0, fish.stderr)
        for expected in ["anyview,eager-stack\t", "markdown\t", "html\t", "config\tthe configuration", "baseline.json"] {
            XCTAssertTrue(fish.output.contains(expected), "fish lacks \(expected.debugDescription) in\n\(fish.output)")
        }
    }

    func testManPageHasEverySectionOfTheManual() throws {
        let box = try Sandbox()
        let help = try box.run(["help"]).output
        let man = try box.run(["man"]).output
        let sections = help.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        XCTAssertGreaterThan(sections.count, 6)
        for section in sections { XCTAssertTrue(man.contains(".SH \(section)\n"), "man page lacks \(section)") }
        XCTAssertFalse(man.split(separator: "\n").contains { $0.hasPrefix(".") && !$0.hasPrefix(".TH") && !$0.hasPrefix(".SH")
                                                              && $0 != ".nf" && $0 != ".fi" },
                       "a text line starting with a dot would be read as a roff request")
    }

    func testFamiliarSpellings() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        let lint = try box.run(["lint", "A.swift"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(lint.output.contains("A.swift:1:5"), lint.output)
        XCTAssertEqual(try box.text("A.swift"), "let fooBar = 1\n")
        let rules = try box.run(["rules"])
        XCTAssertEqual(rules.output, try box.run(["list-rules"]).output)
        let typo = try box.run(["--aply", "A.swift"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean '--apply'?"), typo.stderr)
        XCTAssertEqual(try box.run(["fix", "A.swift"]).status, 0)
        XCTAssertEqual(try box.text("A.swift"), "let barFoo = 1\n")
        try box.write("A.swift", "let fooBar = 1\n")
        XCTAssertEqual(try box.run(["--fix", "--only-rule", "test-rename-foo", "A.swift"]).status, 0)
        XCTAssertEqual(try box.text("A.swift"), "let barFoo = 1\n")
    }

    func testInstallScriptInstallsBinaryManPageAndCompletions() throws {
        let box = try Sandbox()
        let script = Self.repository.appendingPathComponent("scripts/install").path
        let result = try box.shell("'\(script)' --prefix '\(box.path("prefix"))' --binary '\(Sandbox.shippingBinary.path)'")
        XCTAssertEqual(result.status, 0, result.stderr)
        for file in ["bin/bodywork", "share/man/man1/bodywork.1", "share/bash-completion/completions/bodywork",
                     "share/zsh/site-functions/_bodywork", "share/fish/vendor_completions.d/bodywork.fish"] {
            XCTAssertFalse(try box.read("prefix/" + file).isEmpty, file)
        }
        let installed = try box.shell("prefix/bin/bodywork --version")
        XCTAssertEqual(installed.output, try box.run(["--version"]).output)
        XCTAssertTrue(result.stderr.contains("installed under"), result.stderr)
        if try box.shell("command -v strip").status == 0 {
            let size = { (path: String) throws -> Int in try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 }
            XCTAssertLessThan(try size(box.path("prefix/bin/bodywork")), try size(Sandbox.shippingBinary.path), "the binary is stripped")
        }
    }
}
