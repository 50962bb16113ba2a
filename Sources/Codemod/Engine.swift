// The fixpoint engine: runs the rules over one file, picks the fixes that may be applied,
// applies them, checks the result still parses as well, and repeats until nothing changes.
import SwiftCST
import Runtime

/// How the engine treats fixes and suppression comments.
public struct EngineOptions: Sendable {
    /// Apply `suggested` fixes too (`--unsafe-fixes`), for every rule.
    public var applySuggestedFixes: Bool
    /// Rules whose `suggested` fixes the configuration asks to apply.
    public var suggestedFixRules: Set<String>
    /// Report suppression comments that suppressed nothing (`--report-unused-disables`).
    public var reportUnusedDisables: Bool
    /// Rounds of apply + re-parse before giving up on convergence.
    public var maxRounds: Int
    /// Rule id → options from the configuration; a rule listed here sees them as
    /// `RuleContext.options` instead of the context's own.
    public var ruleOptions: [String: [String: ConfigValue]]
    /// Where to add each rule's time (`--timings`); nil: nothing is measured.
    public var timings: Timings?

    public init(applySuggestedFixes: Bool = false, suggestedFixRules: Set<String> = [],
                reportUnusedDisables: Bool = false, maxRounds: Int = 8,
                ruleOptions: [String: [String: ConfigValue]] = [:], timings: Timings? = nil) {
        self.applySuggestedFixes = applySuggestedFixes
        self.suggestedFixRules = suggestedFixRules
        self.reportUnusedDisables = reportUnusedDisables
        self.maxRounds = maxRounds
        self.ruleOptions = ruleOptions
        self.timings = timings
    }
}

/// What happened to one finding.
public enum FindingStatus: Sendable, Hashable {
    /// Its fix is in the output.
    case fixed
    /// It has no fix (report only); `withheldReason` on the finding may say why.
    case noFix
    /// Its fix is `suggested` and suggested fixes were not asked for.
    case suggestedNotApplied
    /// Its fix was dropped: it overlapped an earlier fix, or the rule's edits added parse
    /// errors, or the platform is too old, or it would delete a comment. The string says which.
    case dropped(String)
}

/// A finding and what became of it.
public struct FindingOutcome: Sendable, Hashable {
    public var finding: Finding
    public var status: FindingStatus
    /// The round (1-based) in which the finding was reported; offsets of findings from
    /// round 1 refer to the original bytes, later rounds to that round's input.
    public var round: Int

    public init(finding: Finding, status: FindingStatus, round: Int) {
        self.finding = finding
        self.status = status
        self.round = round
    }
}

/// A problem of the run itself, for the summary: a rule that did not converge, a rule
/// whose edits were reverted because they added parse errors.
public struct EngineNote: Sendable, Hashable {
    public var ruleID: String
    public var message: String

    public init(ruleID: String, message: String) {
        self.ruleID = ruleID
        self.message = message
    }
}

/// The result of running the rules over one file.
public struct FileOutcome: Sendable {
    public var original: [UInt8]
    public var output: [UInt8]
    /// Findings in report order (by offset, then rule id). Round-1 findings carry offsets
    /// into `original`; the reporters use only those for line and column.
    public var findings: [FindingOutcome]
    public var notes: [EngineNote]
    /// Parse diagnostics of the original.
    public var parseErrorCount: Int
    /// Rounds that parsed the text and ran the rules (at most `maxRounds`); the last one
    /// applied nothing unless the file did not converge.
    public var rounds: Int
    public var changed: Bool { output != original }
}

/// Runs rules over files, applying their fixes to a fixpoint.
///
/// Each round parses the current text, runs every rule in order, drops findings that
/// suppression comments switch off, and decides for each fix whether it may be applied
/// (suggested fixes only when asked, platform requirements met, no comment deleted, no
/// collision with an earlier fix). The accepted edits are applied in one pass; if the result parses with
/// more errors than the round's input, the rules whose edits add errors are found and
/// their fixes dropped for the rest of the file. Rounds repeat until one applies nothing,
/// up to `EngineOptions.maxRounds`. The same input always gives the same output and the
/// same findings in the same order.
public struct Engine: Sendable {
    public let rules: [any Rule]
    public let options: EngineOptions

    /// The rule id of findings about suppression comments that suppressed nothing, name
    /// rules that do not run, or are not understood.
    public static let unusedDisableRuleID = "unused-disable"

    /// The words of every rule's `neededWords`, searched in one pass per file and round.
    let words: WordSearch
    /// Each rule's lists of needed words, as positions in `words`.
    let needs: [[[Int]]]

    public init(rules: [any Rule], options: EngineOptions = EngineOptions()) {
        self.rules = rules
        self.options = options
        let lists = rules.map { rule in
            rule.neededWords.map { list in
                list.map { Array(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) }
            }
        }
        let words = WordSearch(words: lists.flatMap { $0.flatMap { $0 } })
        self.words = words
        needs = lists.map { lists in lists.map { list in list.map { words.index(of: $0)! } } }
    }

    /// Whether rule `index` may find something in a file that contains `present`.
    func mayFind(_ index: Int, present: WordSet) -> Bool {
        guard Mechanism.prefilter.isOn else { return true }
        return needs[index].allSatisfy { list in list.contains(where: present.contains) }
    }

    /// `tree`, when given, is `bytes` already parsed (by the run's index pass): the
    /// first round reads it instead of parsing again. A tree of other bytes is ignored.
    ///
    /// The tree is taken, not shared: each round lets go of its tree before parsing the next
    /// text, so that a large file's new tree reuses the memory of the old one instead of
    /// faulting in fresh pages. A caller that keeps a reference keeps the old tree alive.
    public func run(bytes: [UInt8], context: RuleContext, tree: consuming SyntaxTree? = nil) -> FileOutcome {
        if let given = tree, !ByteSearch.same(given.bytes, bytes) { tree = nil }
        var run = EngineRun(engine: self, original: bytes, context: context)
        return run.execute(parsed: tree.take())
    }
}

// MARK: - One run over one file

/// The state of the rounds over one file.
private struct EngineRun {
    let engine: Engine
    let original: [UInt8]
    let context: RuleContext
    var outcomes: [FindingOutcome] = []
    var notes: [EngineNote] = []
    /// Indices of rules whose edits added parse errors; their fixes are no longer applied.
    var brokenRules: Set<Int> = []
    /// Suppressions that switched something off, in any round, keyed stably across rounds.
    var usedSuppressions: Set<SuppressionKey> = []

    init(engine: Engine, original: [UInt8], context: RuleContext) {
        self.engine = engine
        self.original = original
        self.context = context
    }

    /// A finding of one round with the rule that reported it and the outcome it updates.
    struct RoundFinding {
        var finding: Finding
        var ruleIndex: Int
        var outcomeIndex: Int
        var status: FindingStatus
    }

    /// A directive named by its text and how many identical directives precede it, so that
    /// a directive is recognised in later rounds even though fixes moved it.
    struct SuppressionKey: Hashable {
        var text: [UInt8]
        var occurrence: Int
        var ruleID: String?
    }

    mutating func execute(parsed: consuming SyntaxTree?) -> FileOutcome {
        let maxRounds = max(1, engine.options.maxRounds)
        var text = original
        var tree = parsed.take() ?? SyntaxTree.parse(text)
        let originalErrorCount = tree.diagnostics.count
        var firstSuppressions: SuppressionMap? = nil
        var previous: [RoundFinding] = []
        var previousEdits: [Edit] = []
        var rounds = 0
        var converged = false

        while rounds < maxRounds {
            rounds += 1
            let suppressions = SuppressionMap(tree: tree)
            if rounds == 1 { firstSuppressions = suppressions }
            var current = collectFindings(in: tree, suppressions: suppressions, round: rounds,
                                          previous: previous, previousEdits: previousEdits)
            let accepted = selectFixes(&current, fileLength: text.count)
            guard !accepted.fixes.isEmpty else {
                record(current)
                converged = true
                break
            }
            let (newText, newTree, applied) = applyCheckingParse(accepted, to: text, tree: consume tree, findings: &current)
            record(current)
            previous = current
            previousEdits = applied
            // When every accepted fix was dropped for adding parse errors the text is
            // unchanged, but fixes that collided with the dropped ones get another round.
            text = newText
            tree = newTree
        }

        if !converged {
            reportNonConvergence(tree: tree, text: text, rounds: rounds, previous: previous, previousEdits: previousEdits)
        }
        if engine.options.reportUnusedDisables, let firstSuppressions {
            reportUnusedDirectives(firstSuppressions)
        }
        // Sorted by index, so that each outcome is copied once, into its place.
        let order = outcomes.indices.sorted { a, b in
            let x = outcomes[a].finding, y = outcomes[b].finding
            if x.range.lowerBound != y.range.lowerBound { return x.range.lowerBound < y.range.lowerBound }
            if x.ruleID != y.ruleID { return x.ruleID < y.ruleID }
            return a < b
        }
        let ordered = order.map { outcomes[$0] }
        return FileOutcome(original: original, output: text, findings: ordered, notes: notes,
                           parseErrorCount: originalErrorCount, rounds: rounds)
    }

    // MARK: Findings

    /// Runs every rule on `tree`, drops suppressed findings, and ties each remaining one to
    /// the outcome it continues from the previous round, or to a new outcome.
    ///
    /// A finding continues an earlier one when the rule, the message and the place (after
    /// the previous round's edits) agree; failing that, when rule and place agree with an
    /// earlier finding whose fix was not applied (another fix let the rule offer one: the
    /// second of two identical formatters reuses the first's); failing that, when rule and
    /// message agree with an earlier finding whose fix was not applied (such a finding is
    /// expected to be reported again, e.g. after its fix collided with another one).
    /// Otherwise it is a new problem, created by a fix.
    mutating func collectFindings(in tree: SyntaxTree, suppressions: SuppressionMap, round: Int,
                                  previous: [RoundFinding], previousEdits: [Edit]) -> [RoundFinding] {
        let keys = suppressionKeys(suppressions)
        // Each rule's kept findings, gathered first so that the round's list is made once,
        // at its size: a file with tens of thousands of findings pays for every copy of
        // every one, and for the fresh memory of every array that grows.
        var perRule: [(ruleIndex: Int, findings: [Finding])] = []
        var total = 0
        // One memo per round: what the rules derive from this tree is derived once.
        var roundContext = context
        roundContext.memo = TreeMemo()
        let timings = engine.options.timings
        var times: [(id: String, entry: Timings.RuleEntry)] = []
        let present = engine.words.search(tree.bytes)
        for (ruleIndex, rule) in engine.rules.enumerated() {
            // Searched, checked and found are counted in the first round: per file.
            var time = Timings.RuleEntry()
            let start = timings == nil ? 0 : Timings.now()
            defer {
                if timings != nil {
                    time.seconds = Timings.now() - start
                    if round > 1 { time.searched = 0; time.checked = 0; time.findings = 0 }
                    times.append((rule.id, time))
                }
            }
            time.searched = 1
            guard engine.mayFind(ruleIndex, present: present) else { continue }
            time.checked = 1
            var named: [Finding]
            if let options = engine.options.ruleOptions[rule.id] {
                var ruleContext = roundContext
                ruleContext.options = options
                named = rule.findings(in: tree, context: ruleContext)
            } else {
                named = rule.findings(in: tree, context: roundContext)
            }
            time.findings = named.count
            guard !named.isEmpty else { continue }
            // Named, clamped and filtered in place.
            var keptCount = 0
            for position in named.indices {
                let uses = suppressions.uses(suppressing: rule.id, at: named[position].range.lowerBound)
                for use in uses {
                    var key = keys[use.directive]
                    key.ruleID = use.ruleID
                    usedSuppressions.insert(key)
                }
                guard uses.isEmpty else { continue }
                if keptCount != position { named.swapAt(keptCount, position) }
                named[keptCount].ruleID = rule.id
                named[keptCount].message = Finding.clamped(named[keptCount].message)
                keptCount += 1
            }
            if keptCount < named.count { named.removeSubrange(keptCount...) }
            total += keptCount
            if keptCount > 0 { perRule.append((ruleIndex, named)) }
        }
        timings?.record(rules: times)

        var result: [RoundFinding] = []
        result.reserveCapacity(total)
        for index in perRule.indices {
            let ruleIndex = perRule[index].ruleIndex
            // Moved out, so that each finding is moved into the round's list, not copied.
            let findings = perRule[index].findings
            perRule[index].findings = []
            for finding in findings {
                result.append(RoundFinding(finding: finding, ruleIndex: ruleIndex, outcomeIndex: -1, status: .noFix))
            }
        }
        perRule = []

        // Which earlier finding each one continues; none in the first round.
        var continued = [Int?](filling: nil, count: result.count)
        if !previous.isEmpty {
            continueFindings(result, from: previous, previousEdits: previousEdits, into: &continued)
        }
        outcomes.reserveCapacity(outcomes.count + continued.lazy.filter { $0 == nil }.count)
        for index in result.indices {
            if let match = continued[index] {
                result[index].outcomeIndex = previous[match].outcomeIndex
            } else {
                result[index].outcomeIndex = outcomes.count
                outcomes.append(FindingOutcome(finding: result[index].finding, status: .noFix, round: round))
            }
            var status = status(of: result[index].finding, ruleIndex: result[index].ruleIndex)
            if status == .fixed, let fix = result[index].finding.fix, let reason = CommentKeeping.lossReason(fix, in: tree) {
                status = .dropped(reason)
            }
            result[index].status = status
        }
        return result
    }

    /// Sets `continued[i]` to the index in `previous` of the finding `reported[i]`
    /// continues, by place, then by place for unfixed ones, then by message (see
    /// `collectFindings`).
    func continueFindings(_ reported: [RoundFinding], from previous: [RoundFinding], previousEdits: [Edit],
                          into continued: inout [Int?]) {
        var byPlace: [FindingKey: [Int]] = [:]
        var byMessage: [FindingKey: [Int]] = [:]
        // An unfixed finding whose place another fix left alone, now reported there with
        // another message (a fix elsewhere let the rule do more: "use the shared `f`").
        var unfixedByPlace: [FindingKey: [Int]] = [:]
        let offsets = EditOffsets(previousEdits)
        for index in previous.indices {
            let finding = previous[index].finding
            let start = offsets.map(finding.range.lowerBound)
            if let start { byPlace[FindingKey(finding, start: start), default: []].append(index) }
            if previous[index].status != .fixed {
                byMessage[FindingKey(finding, start: 0), default: []].append(index)
                if let start { unfixedByPlace[FindingKey(finding, start: start, anyMessage: true), default: []].append(index) }
            }
        }
        var taken = Set<Int>()
        for index in reported.indices {
            let key = FindingKey(reported[index].finding, start: reported[index].finding.range.lowerBound)
            if let match = byPlace[key]?.first(where: { !taken.contains($0) }) {
                taken.insert(match)
                continued[index] = match
            }
        }
        for index in reported.indices where continued[index] == nil {
            let key = FindingKey(reported[index].finding, start: reported[index].finding.range.lowerBound, anyMessage: true)
            if let match = unfixedByPlace[key]?.first(where: { !taken.contains($0) }) {
                taken.insert(match)
                continued[index] = match
            }
        }
        for index in reported.indices where continued[index] == nil {
            if let match = byMessage[FindingKey(reported[index].finding, start: 0)]?.first(where: { !taken.contains($0) }) {
                taken.insert(match)
                continued[index] = match
            }
        }
    }

    struct FindingKey: Hashable {
        var ruleID: String
        var start: Int
        var message: String

        init(_ finding: Finding, start: Int, anyMessage: Bool = false) {
            ruleID = finding.ruleID
            self.start = start
            message = anyMessage ? "" : finding.message
        }
    }

    /// The status a finding has before fixes are chosen; `.fixed` means "a candidate".
    func status(of finding: Finding, ruleIndex: Int) -> FindingStatus {
        guard let fix = finding.fix, !fix.edits.isEmpty else { return .noFix }
        let rule = engine.rules[ruleIndex]
        if fix.safety == .suggested && !engine.options.applySuggestedFixes
            && !engine.options.suggestedFixRules.contains(finding.ruleID) && !engine.options.suggestedFixRules.contains(rule.id) {
            return .suggestedNotApplied
        }
        let required = fix.platforms
        if !required.isEmpty && !context.deploymentTargets.satisfies(required) {
            return .dropped(platformReason(required))
        }
        if brokenRules.contains(ruleIndex) { return .dropped(EngineRun.parseErrorReason) }
        return .fixed
    }

    static let parseErrorReason = "its edits added parse errors"

    func platformReason(_ required: [Platform: Version]) -> String {
        let needs = Platform.allCases.compactMap { platform in required[platform].map { "\(platform.rawValue) \($0)" } }
        let known = Platform.allCases.compactMap { platform in
            context.deploymentTargets.versions[platform].map { "\(platform.rawValue) \($0)" }
        }
        let target = known.isEmpty ? "the deployment target is unknown" : "the deployment target is " + known.joined(separator: ", ")
        return "needs " + needs.joined(separator: ", ") + "; " + target
    }

    /// Writes each finding's status of this round into its outcome.
    mutating func record(_ findings: [RoundFinding]) {
        for item in findings { outcomes[item.outcomeIndex].status = item.status }
    }

    // MARK: Choosing and applying fixes

    /// The fixes that can go in together.
    struct Selection {
        /// (finding index, ordered edits), in the order they were considered.
        var fixes: [(index: Int, edits: [Edit])] = []
        /// Their edits, sorted by position.
        var sortedEdits: [Edit] = []
    }

    /// The candidate fixes that can go in together. Updates the statuses of the fixes it
    /// drops.
    func selectFixes(_ findings: inout [RoundFinding], fileLength: Int) -> Selection {
        var candidates: [(index: Int, edits: [Edit])] = []
        for (index, item) in findings.enumerated() where item.status == .fixed {
            switch FixEdits.ordered(item.finding.fix!, fileLength: fileLength) {
            case .success(let edits): candidates.append((index, edits))
            case .failure(let reason): findings[index].status = .dropped(reason.text)
            }
        }
        // By first edit, then rule order, then the order the rule reported them in (the
        // index, since findings are gathered rule by rule).
        candidates.sort { a, b in
            let x = a.edits[0].range.lowerBound, y = b.edits[0].range.lowerBound
            if x != y { return x < y }
            return a.index < b.index
        }
        var selector = FixSelector()
        var accepted: [(index: Int, edits: [Edit])] = []
        for candidate in candidates {
            if let owner = selector.accept(candidate.edits, owner: candidate.index) {
                findings[candidate.index].status = .dropped("overlaps a fix of \(findings[owner].finding.ruleID)")
            } else {
                accepted.append(candidate)
            }
        }
        return Selection(fixes: accepted, sortedEdits: selector.edits.map(\.edit))
    }

    /// Applies the accepted fixes. When the result has more parse errors than the input,
    /// adds the rules back one at a time in rule order and drops each rule whose edits
    /// raise the count, keeping the others. Returns the new text, its tree and the edits
    /// actually applied (sorted).
    ///
    /// The input tree is let go of, and the output parsed into its node storage: a large
    /// file's new tree then takes the memory the old one held, where it would otherwise
    /// fault in tens of megabytes of fresh pages each round. The rare round whose fixes all
    /// add parse errors parses the input again.
    mutating func applyCheckingParse(_ selection: Selection, to text: [UInt8], tree inputTree: consuming SyntaxTree,
                                     findings: inout [RoundFinding]) -> ([UInt8], SyntaxTree, [Edit]) {
        let errorBaseline = inputTree.diagnostics.count
        let accepted = selection.fixes
        let all = selection.sortedEdits
        let output = EditApplication.apply(all, to: text)
        let tree = SyntaxTree.parse(output, reusing: consume inputTree)
        if tree.diagnostics.count <= errorBaseline { return (output, tree, all) }

        var ruleOrder: [Int] = []
        for candidate in accepted where !ruleOrder.contains(findings[candidate.index].ruleIndex) {
            ruleOrder.append(findings[candidate.index].ruleIndex)
        }
        ruleOrder.sort()
        var kept: [(index: Int, edits: [Edit])] = []
        var best: ([UInt8], SyntaxTree?, [Edit]) = (text, nil, [])
        for ruleIndex in ruleOrder {
            let ofRule = accepted.filter { findings[$0.index].ruleIndex == ruleIndex }
            let trialEdits = sortedEdits(kept + ofRule)
            let trialText = EditApplication.apply(trialEdits, to: text)
            let trialTree = SyntaxTree.parse(trialText)
            if trialTree.diagnostics.count <= errorBaseline {
                kept += ofRule
                best = (trialText, trialTree, trialEdits)
            } else {
                brokenRules.insert(ruleIndex)
                for candidate in ofRule { findings[candidate.index].status = .dropped(EngineRun.parseErrorReason) }
                let ruleID = engine.rules[ruleIndex].id
                notes.append(EngineNote(ruleID: ruleID,
                                        message: "its edits added parse errors; its fixes were not applied to this file"))
            }
        }
        return (best.0, best.1 ?? SyntaxTree.parse(text), best.2)
    }

    func sortedEdits(_ fixes: [(index: Int, edits: [Edit])]) -> [Edit] {
        var selector = FixSelector()
        for fix in fixes { _ = selector.accept(fix.edits, owner: fix.index) }
        return selector.edits.map(\.edit)
    }

    // MARK: Non-convergence and unused directives

    /// After the last allowed round still applied fixes, runs the rules once more without
    /// applying anything: the rules with fixes still to apply did not converge.
    mutating func reportNonConvergence(tree: SyntaxTree, text: [UInt8], rounds: Int,
                                       previous: [RoundFinding], previousEdits: [Edit]) {
        let outcomeCountBefore = outcomes.count
        var findings = collectFindings(in: tree, suppressions: SuppressionMap(tree: tree), round: rounds + 1,
                                       previous: previous, previousEdits: previousEdits)
        let accepted = selectFixes(&findings, fileLength: text.count).fixes
        let reason = "did not converge after \(rounds) rounds"
        var firing: [Int] = []
        for candidate in accepted where !firing.contains(findings[candidate.index].ruleIndex) {
            firing.append(findings[candidate.index].ruleIndex)
        }
        for ruleIndex in firing.sorted() {
            notes.append(EngineNote(ruleID: engine.rules[ruleIndex].id,
                                    message: "\(reason); its fixes were still changing the file"))
        }
        // Findings seen before keep the status of the fixes already applied for them;
        // new ones are reported with the reason their fix was not applied.
        for item in findings where item.outcomeIndex >= outcomeCountBefore {
            outcomes[item.outcomeIndex].status = item.status == .fixed ? .dropped(reason) : item.status
        }
    }

    /// Stable identities for the directives of one round.
    func suppressionKeys(_ map: SuppressionMap) -> [SuppressionKey] {
        var seen: [[UInt8]: Int] = [:]
        return map.directives.map { directive in
            let text = Array(directive.spelled(ruleIDs: directive.ruleIDs).utf8)
            let occurrence = seen[text, default: 0]
            seen[text] = occurrence + 1
            return SuppressionKey(text: text, occurrence: occurrence, ruleID: nil)
        }
    }

    /// Findings for directives of the original text that switched nothing off, that name
    /// rules which do not run, or that are not understood.
    mutating func reportUnusedDirectives(_ map: SuppressionMap) {
        let known = Set(engine.rules.map(\.id))
        let keys = suppressionKeys(map)
        for (index, directive) in map.directives.enumerated() {
            func report(_ message: String) {
                outcomes.append(FindingOutcome(
                    finding: Finding(ruleID: Engine.unusedDisableRuleID, range: directive.range, message: message),
                    status: .noFix, round: 1))
            }
            guard let command = directive.command else {
                let allowed = SuppressionCommand.allCases.map(\.rawValue).joined(separator: ", ")
                report("unknown directive `bodywork:\(directive.commandText)`; expected one of \(allowed)")
                continue
            }
            for id in directive.ruleIDs where !known.contains(id) {
                report("rule `\(id)` in `\(directive.spelled(ruleIDs: directive.ruleIDs))` is unknown or not enabled")
            }
            guard command != .enable else { continue }
            if directive.ruleIDs.isEmpty {
                var key = keys[index]
                key.ruleID = nil
                if !usedSuppressions.contains(key) { report("`\(directive.spelled(ruleIDs: []))` suppressed nothing") }
                continue
            }
            for id in directive.ruleIDs where known.contains(id) {
                var key = keys[index]
                key.ruleID = id
                if !usedSuppressions.contains(key) { report("`\(directive.spelled(ruleIDs: [id]))` suppressed nothing") }
            }
        }
    }
}
