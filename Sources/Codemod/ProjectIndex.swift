// Facts gathered from every file of a run before the rules: type declarations, their
// conformances and property types. Filled in by the project-index pass.
import SwiftCST

/// What the run knows about the types declared in its files.
public struct ProjectIndex: Sendable {
    /// Type name → names of the protocols and superclasses it is declared to conform to
    /// (declaration and extensions).
    public var conformances: [String: Set<String>]
    /// Type name → property name → declared type text.
    public var propertyTypes: [String: [String: String]]
    /// Typealias name → aliased type text.
    public var typealiases: [String: String]

    public init(conformances: [String: Set<String>] = [:], propertyTypes: [String: [String: String]] = [:],
                typealiases: [String: String] = [:]) {
        self.conformances = conformances
        self.propertyTypes = propertyTypes
        self.typealiases = typealiases
    }
}
