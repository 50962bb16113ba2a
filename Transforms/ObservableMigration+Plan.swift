// Rule `observable`: which ObservableObject classes of a module become @Observable, decided
// from the module's index alone, so that every file of the module decides alike.
import Codemod
import SwiftCST

extension ObservableMigration {
    /// The module's models and what becomes of each.
    struct Plan: Sendable {
        /// Qualified name → nil when it migrates, else why it is withheld.
        var verdicts: [String: String?] = [:]
        /// Published property names of each model.
        var published: [String: Set<String>] = [:]
        /// `Owner.name` of static properties → their type (`Settings.shared` → `Settings`).
        var statics: [String: String] = [:]
        /// Models whose initializer does work.
        var doWork: Set<String> = []

        func migrates(_ model: String) -> Bool { verdicts[model].map { $0 == nil } ?? false }

        /// Withholds every migrating class but those named (by qualified or simple name).
        mutating func select(_ names: Set<String>) {
            for (model, verdict) in verdicts where verdict == nil {
                guard !names.contains(model), !names.contains(ProjectIndex.lastComponent(model)) else { continue }
                verdicts[model] = .some("it is not named in the rule's `classes` option")
            }
        }

        var hasModels: Bool { !verdicts.isEmpty }

        /// Withholds every migrating class that a file the run does not hand to the rules
        /// may use: by its name, or through `.environmentObject(…)` or `@EnvironmentObject`,
        /// which can hold it without naming it. The class and its uses change together or
        /// not at all.
        mutating func requireFiles(_ planned: Set<String>?, index: ProjectIndex) {
            guard let planned else { return }
            let environment = (index.mentions["environmentObject"] ?? []).union(index.mentions["EnvironmentObject"] ?? [])
            for (model, verdict) in verdicts where verdict == nil {
                let users = (index.mentions[ProjectIndex.lastComponent(model)] ?? []).union(environment)
                guard let missing = users.subtracting(planned).sorted().first else { continue }
                let name = missing.split(separator: "/").last.map(String.init) ?? missing
                verdicts[model] = .some("`\(name)` may use it and is not in this run; run the rule on the whole module")
            }
        }

        /// The model a type text written in `scope` names, if it is one of the module's.
        func model(named typeName: String?, inScope scope: String, index: ProjectIndex) -> String? {
            guard let typeName else { return nil }
            let qualified = index.qualifiedName(of: index.resolvingTypealiases(typeName, inScope: scope), inScope: scope)
            return verdicts[qualified] != nil ? qualified : nil
        }

        /// The models whose `$name` publisher `receiver.$name` in `scope` may be: the
        /// receiver's model when its type is known, none when it is another type, else
        /// every model that publishes `name`.
        func models(publishing name: String, receiver: String, scope: String, index: ProjectIndex) -> [String] {
            let publishers = verdicts.keys.filter { published[$0]?.contains(name) == true }.sorted()
            guard !receiver.isEmpty, !scope.isEmpty, let type = index.propertyType(of: scope, named: receiver) else { return publishers }
            let plain = ProjectIndex.stripGenericArguments(type)
            if let model = model(named: plain, inScope: scope, index: index) { return publishers.filter { $0 == model } }
            return plain.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) ? [] : publishers
        }

        /// The models whose `objectWillChange` `receiver.objectWillChange` in `scope` may be:
        /// without a receiver, the class it is written in (or every model, outside one);
        /// else the model the receiver's type is (`scope`'s property, else any property of
        /// that name in the index), none when that is another type, every model when unknown.
        func models(sendingChangesOf receiver: String, scope: String, index: ProjectIndex) -> [String] {
            let all = verdicts.keys.sorted()
            guard !receiver.isEmpty else {
                let owners = all.filter { scope == $0 || scope.hasPrefix($0 + ".") }
                return owners.isEmpty ? all : owners
            }
            // `.b` of `a.b.objectWillChange`: a property, looked up by name; `b` alone may be
            // a local, so only the scope's own property of that name tells.
            guard receiver != "?" else { return all }
            let isMember = receiver.hasPrefix(".")
            let name = isMember ? String(receiver.dropFirst()) : receiver
            if !isMember {
                guard !scope.isEmpty, let type = index.propertyType(of: scope, named: name) else { return all }
                let plain = ProjectIndex.stripGenericArguments(type)
                if let model = model(named: plain, inScope: scope, index: index) { return [model] }
                return plain.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) ? [] : all
            }
            guard name.first?.isLowercase == true else { return all }
            switch holder(ofMemberNamed: name, index: index) {
            case .model(let model): return [model]
            case .ambiguous(let models): return models
            case .other: return []
            case .unknown: return all
            }
        }

        /// What `Type.staticProperty.property…` written in `scope` holds. Each step is
        /// followed through the index where it can be (a static property the observation
        /// facts typed, then stored properties); otherwise the last name is looked up in
        /// every type of the index: a property of that name declared outside the index
        /// cannot have one of its models as its type.
        func holder(ofChain chain: String, inScope scope: String, index: ProjectIndex) -> Holder {
            let parts = chain.split(separator: ".").map(String.init)
            guard parts.count >= 2, let last = parts.last else { return .unknown }
            for split in stride(from: parts.count - 1, through: 1, by: -1) {
                let owner = index.qualifiedName(of: parts[..<split].joined(separator: "."), inScope: scope)
                guard var current = statics[owner + "." + parts[split]] else { continue }
                current = index.qualifiedName(of: current, inScope: owner)
                var known = true
                for name in parts[(split + 1)...] {
                    guard let next = index.propertyType(of: current, named: name) else { known = false; break }
                    current = index.qualifiedName(of: ProjectIndex.stripGenericArguments(next), inScope: current)
                }
                if known { return verdicts[current] != nil ? .model(current) : .other }
                break
            }
            return holder(ofMemberNamed: last, index: index)
        }

        /// What a property named `name` holds, from every type of the index that declares
        /// one: a property declared outside the index cannot have one of its models as type.
        func holder(ofMemberNamed name: String, index: ProjectIndex) -> Holder {
            var candidates: Set<String> = []
            for (type, properties) in index.propertyTypes where !type.hasPrefix("()") && !type.hasPrefix("@") {
                guard let text = properties[name] else { continue }
                let plain = ProjectIndex.stripGenericArguments(text)
                if let model = self.model(named: plain, inScope: type, index: index) {
                    candidates.insert(model)
                } else if !plain.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                    // `Model?`, `[Model]`: any model it names.
                    for model in verdicts.keys where text.contains(ProjectIndex.lastComponent(model)) { candidates.insert(model) }
                }
            }
            if candidates.isEmpty { return .other }
            return candidates.count == 1 ? .model(candidates.first!) : .ambiguous(candidates.sorted())
        }

        /// The model a use holds, from its written type or the chain it is taken from.
        func holder(of use: ObservationScan.Use, index: ProjectIndex) -> Holder {
            if let typeName = use.typeName { return model(named: typeName, inScope: use.owner, index: index).map(Holder.model) ?? .other }
            guard let chain = use.valueChain else { return .unknown }
            return holder(ofChain: chain, inScope: use.owner, index: index)
        }

        func model(heldBy use: ObservationScan.Use, index: ProjectIndex) -> String? {
            if case .model(let model) = holder(of: use, index: index) { return model }
            return nil
        }
    }

    /// What a property or an argument holds, as far as the index tells.
    enum Holder: Equatable {
        case model(String)
        /// None of the module's models.
        case other
        /// One of these models, which cannot be told apart.
        case ambiguous([String])
        case unknown
    }

    private static let plans = IndexMemo<Plan>()

    /// The classes of `index`'s module that migrate, by name, in byte order: a batch
    /// migration lands them one group (one commit) each, with their uses.
    public static func migratingClasses(in index: ProjectIndex) -> [String] {
        plan(for: index).verdicts.filter { $0.value == nil }.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func plan(for index: ProjectIndex) -> Plan {
        plans.value(for: index) { makePlan($0) }
    }

    /// Protocols a model may conform to besides `ObservableObject`: none of them is one, or
    /// makes the class's stored properties matter to it.
    static let harmlessConformances: Set<String> = [
        "Identifiable", "Hashable", "Equatable", "Sendable", "@unchecked Sendable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "AnyObject", "NSObject", "Codable", "Decodable", "Encodable", "Comparable",
    ]

    /// `@preconcurrency UIApplicationDelegate` → `UIApplicationDelegate`. A framework's
    /// delegate or data source protocol refines no `ObservableObject`.
    private static func bareConformance(_ name: String) -> String {
        var name = Substring(name)
        while name.hasPrefix("@"), let space = name.firstIndex(of: " ") { name = name[name.index(after: space)...] }
        return String(name)
    }

    private static func makePlan(_ index: ProjectIndex) -> Plan {
        let facts = index.observationFacts
        var plan = Plan()
        guard !facts.isEmpty else { return plan }
        var reasons: [String: String] = [:]
        var doesWork: Set<String> = []
        var models: [String] = []
        for (key, value) in facts where key.hasPrefix("static ") { plan.statics[String(key.dropFirst(7))] = value }
        for (key, fact) in facts where key.hasPrefix("model ") {
            let name = String(key.dropFirst(6))
            var value = fact
            if value.hasPrefix("inherited ") {
                // `@Published` in a class that does not name ObservableObject: one only
                // through what it inherits; anything else is no model at all.
                guard isObservableObject(name, in: index) else { continue }
                value.removeFirst(10)
            }
            models.append(name)
            if value.hasPrefix("no ") { reasons[name] = String(value.dropFirst(3)) }
            if value == "ok work" { doesWork.insert(name) }
            plan.published[name] = Set((index.propertyWrappers[name] ?? [:]).filter { $0.value == "Published" || $0.value == "Combine.Published" }.keys)
        }
        models.sort()
        plan.doWork = doesWork
        func block(_ model: String, _ reason: String) { if reasons[model] == nil { reasons[model] = reason } }
        for model in models { plan.verdicts[model] = .some(nil) }

        // Its declaration: what it inherits, and who inherits from it.
        var subclasses: [String: String] = [:]
        for type in index.classTypes.sorted() {
            for name in index.conformances[type] ?? [] where plan.verdicts[index.qualifiedName(of: name)] != nil {
                subclasses[index.qualifiedName(of: name)] = subclasses[index.qualifiedName(of: name)] ?? type
            }
        }
        for model in models {
            if facts["extension " + model] != nil { block(model, "an extension declares its ObservableObject conformance again") }
            if let subclass = subclasses[model] { block(model, "`\(subclass)` inherits from it and stays an ObservableObject") }
            for written in (index.conformances[model] ?? []).sorted() where written != "ObservableObject" && written != "Combine.ObservableObject" {
                let name = bareConformance(written)
                if harmlessConformances.contains(name) || name.hasSuffix("Delegate") || name.hasSuffix("DataSource") { continue }
                let qualified = index.qualifiedName(of: name)
                if isObservableObject(qualified, in: index) {
                    block(model, "it inherits `\(name)`, which is an ObservableObject")
                } else if !index.declaredTypes.contains(qualified) {
                    block(model, "it inherits `\(name)`, declared outside the module, which may be an ObservableObject")
                }
            }
        }

        // Its uses, and the code in the module that needs it to stay an ObservableObject.
        let modelsHeldInState = stateObjectModels(facts, plan: plan, index: index, block: block)
        for model in modelsHeldInState where doesWork.contains(model) {
            block(model, "its initializer does work, which `@State` would run again on every init of the view that holds it")
        }
        // In key order: the first reason found for a class is the one it is reported with.
        let keys = facts.keys.sorted()
        for key in keys where key.hasPrefix("obstacle ") {
            let parts = key.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 else { continue }
            let (kind, subject, scope) = (parts[1], parts[2], parts[3])
            let place = scope.isEmpty ? "at file scope" : "in `\(scope)`"
            switch ObservationScan.Obstacle.Kind(rawValue: kind) {
            case .publisher?:
                let (name, receiver) = subject.firstIndex(of: ":").map { (String(subject[..<$0]), String(subject[subject.index(after: $0)...])) }
                    ?? (subject, "")
                for model in plan.models(publishing: name, receiver: receiver, scope: scope, index: index) {
                    block(model, "`$\(name)` is used as a Combine publisher \(place)")
                }
            case .ownPublisher?:
                if plan.published[scope]?.contains(subject) == true { block(scope, "`$\(subject)` is used as a Combine publisher \(place)") }
            case .objectWillChange?:
                let receiver = subject.hasPrefix(":") ? String(subject.dropFirst()) : ""
                for model in plan.models(sendingChangesOf: receiver, scope: scope, index: index) {
                    block(model, "`objectWillChange` is used \(place)")
                }
            case .constraint?:
                for model in models { block(model, "`ObservableObject` is used as a constraint or existential \(place)") }
            case nil:
                continue
            }
        }
        for key in keys where key.hasPrefix("environment ") {
            let parts = key.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            let place = parts[1].isEmpty ? "" : " in `\(parts[1])`"
            switch environmentObjectType(argument: parts[2], scope: parts[1], index: index, plan: plan) {
            case .unknown:
                for model in models { block(model, "the type of `.environmentObject(\(parts[2]))`\(place) is not known") }
            case .ambiguous(let held):
                for model in held { block(model, "`.environmentObject(\(parts[2]))`\(place) may pass it or another class") }
            default:
                continue
            }
        }
        for model in models { plan.verdicts[model] = .some(reasons[model]) }
        return plan
    }

    /// Reads the `use` facts: blocks a model for each use that cannot change; returns the
    /// models some `@StateObject` holds.
    private static func stateObjectModels(_ facts: [String: String], plan: Plan, index: ProjectIndex,
                                          block: (String, String) -> Void) -> Set<String> {
        var held: Set<String> = []
        for (key, value) in facts.sorted(by: { $0.key < $1.key }) where key.hasPrefix("use ") {
            let fields = value.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }
            let place = String(key.dropFirst(4))
            let owner = place.split(separator: ".").dropLast().joined(separator: ".")
            let (wrapper, written, flags, reason) = (fields[0], fields[1], fields[2], fields[3])
            let model: String
            if written.hasPrefix("=") {
                let chain = String(written.dropFirst())
                switch plan.holder(ofChain: chain, inScope: owner, index: index) {
                case .model(let held): model = held
                case .other: continue
                case .ambiguous(let models):
                    for held in models { block(held, "`\(chain)` in `\(place)` may hold it or another class") }
                    continue
                case .unknown:
                    for held in plan.verdicts.keys { block(held, "the type of `\(chain)` in `\(place)` is not known") }
                    continue
                }
            } else if written == "?" {
                for held in plan.verdicts.keys { block(held, "the type of `@\(wrapper)` `\(place)` is not written") }
                continue
            } else {
                guard let named = plan.model(named: written, inScope: owner, index: index) else { continue }
                model = named
            }
            if !reason.isEmpty { block(model, reason + " (`\(place)`)") }
            if wrapper == ObservationScan.Wrapper.stateObject.rawValue {
                if flags.contains("+make") { held.insert(model) }
                if flags.hasPrefix("work") {
                    block(model, "`\(place)` is made with arguments that do work, which `@State` would run again on every init of the view")
                }
            }
        }
        return held
    }

    /// Whether `type` is, or inherits from, `ObservableObject` (as far as the index says).
    private static func isObservableObject(_ type: String, in index: ProjectIndex) -> Bool {
        var seen: Set<String> = []
        var pending = [type]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            let inherited = index.conformances[next] ?? []
            if inherited.contains("ObservableObject") || inherited.contains("Combine.ObservableObject") { return true }
            pending.append(contentsOf: inherited.map { index.qualifiedName(of: $0) })
        }
        return false
    }

    /// The type `.environmentObject(argument)` written in `scope` passes: `M()`, or a
    /// property of the scope (`store`, `self.store`) whose type is written or inferred.
    static func environmentObjectType(argument: String, scope: String, index: ProjectIndex, plan: Plan) -> Holder {
        var text = argument
        if text.hasPrefix("self.") { text.removeFirst(5) }
        let typeName: String
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            var callee = String(text[..<open])
            if callee.hasSuffix(".init") { callee.removeLast(5) }
            guard callee.first?.isUppercase == true, callee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return .unknown }
            typeName = callee
        } else if text.contains(".") {
            guard ObservationScan.isNameChain(text) else { return .unknown }
            return plan.holder(ofChain: text, inScope: scope, index: index)
        } else {
            guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !scope.isEmpty,
                  let type = index.propertyType(of: scope, named: text) else { return .unknown }
            typeName = ProjectIndex.stripGenericArguments(type)
        }
        guard typeName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return .unknown }
        if let model = plan.model(named: typeName, inScope: scope, index: index) { return .model(model) }
        // A type the module declares that is no model, or one from elsewhere: not ours.
        return .other
    }
}
