// The project index as one file's rules see it: the run's index, plus the file's own
// declarations when the run did not index it (a rule run alone, a test, standard input).
import Codemod
import SwiftCST

extension RuleContext {
    /// `index`, merged with the facts of `tree` itself when they are not in it yet.
    func index(including tree: SyntaxTree) -> ProjectIndex {
        guard !index.indexedPaths.contains(path) else { return index }
        var own = ProjectIndexBuilder()
        own.add(tree, path: path)
        let ownFacts = own.finish()
        return index.covers(ownFacts) ? index : index.merging(ownFacts)
    }
}
