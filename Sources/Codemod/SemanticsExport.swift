// Rules see the semantic index (type facts, SwiftUI knowledge) through `RuleContext`, so
// `import Codemod` brings the Semantics module with it.
@_exported import Semantics
