// The one kind enum for every node of the tree. Typed views (`TypedViews.swift`) give
// each shape named accessors; the tree itself stays untyped.

/// The kind of an inner node. Tokens are leaves and have a `TokenKind` instead.
public enum SyntaxKind: UInt8, Sendable, CaseIterable {
    case sourceFile
    /// Bytes the parser could not place; always has a diagnostic.
    case unexpected
    /// `{ statements }` of a function, closure, `if`, loop, accessor.
    case codeBlock
    /// `{ members }` of a type, extension or protocol.
    case memberBlock

    // MARK: Declarations
    case structDecl, classDecl, enumDecl, actorDecl, extensionDecl, protocolDecl
    case typealiasDecl, associatedtypeDecl, importDecl, operatorDecl, precedenceGroupDecl
    case variableDecl
    /// `pattern: Type = value { accessors }` inside a variable declaration.
    case patternBinding
    case typeAnnotation
    /// `= value`.
    case initializerClause
    /// `{ get set }`, `{ willSet {} }` or the implicit getter `{ statements }` of a binding.
    case accessorBlock
    case accessorDecl
    case functionDecl, initializerDecl, deinitDecl, subscriptDecl, macroDecl
    case enumCaseDecl, enumCaseElement
    /// `#warning("…")`, `#Preview { … }` at declaration level.
    case macroExpansionDecl
    /// `#if … #elseif … #else … #endif`, in any position.
    case ifConfig
    /// One `#if`/`#elseif`/`#else` branch: its condition and its contents.
    case ifConfigClause
    case attribute
    /// `public`, `static`, `private(set)`, `mutating`, ….
    case modifier
    case genericParameterClause, genericParameter, genericWhereClause, genericRequirement
    case genericArgumentClause
    case inheritanceClause
    /// `(parameters) async throws -> Result`.
    case functionSignature
    case parameterClause, parameter
    /// `async`, `throws(E)`, `rethrows` after a parameter clause.
    case effectSpecifiers
    /// `-> Type`.
    case returnClause

    // MARK: Statements
    case guardStmt, forStmt, whileStmt, repeatStmt, doStmt, catchClause, deferStmt
    case returnStmt, throwStmt, breakStmt, continueStmt, fallthroughStmt, discardStmt, yieldStmt
    case labeledStmt
    /// The conditions of `if`, `guard`, `while`, joined by commas.
    case conditionList
    /// `let x = y`, `case .a = y`, `#available(…)` or a Boolean expression.
    case condition
    case switchCase
    /// `case pattern, pattern where condition:` or `default:`.
    case switchCaseLabel

    // MARK: Expressions
    /// A name: `foo`, `self`, `Self`, `$0`, `init`.
    case identifierExpr
    /// `base.member` or `.member` (implicit member, no base).
    case memberAccessExpr
    /// `callee(arguments) { trailing } label: { additional }`.
    case functionCallExpr
    /// `base[arguments]`.
    case subscriptCallExpr
    /// The arguments between the parentheses or brackets.
    case argumentList
    /// `label: value` or `value` in an argument list, tuple or array.
    case argument
    /// `label: { … }` after the first trailing closure.
    case labeledTrailingClosure
    case closureExpr
    /// `[captures] (params) -> R in`.
    case closureSignature
    case captureList, captureItem
    case closureParameterClause, closureParameter
    case keyPathExpr
    case stringLiteralExpr
    /// `\( expressions )` inside a string literal.
    case interpolation
    case integerLiteralExpr, floatLiteralExpr, booleanLiteralExpr, nilLiteralExpr, regexLiteralExpr
    case arrayExpr, dictionaryExpr, dictionaryElement
    /// `(a, b)` or a parenthesized expression `(a)`.
    case tupleExpr
    /// Operands and operators in source order: `a + b * c`, `x = y`, `c ? a : b`,
    /// `v as T`; precedence is not resolved.
    case sequenceExpr
    /// An operator in a sequence: `+`, `=`, `? a :`, `as T`, `is T`.
    case binaryOperatorExpr
    case ternaryExpr
    case assignmentExpr
    case castExpr
    case prefixOperatorExpr, postfixOperatorExpr
    case forceUnwrapExpr, optionalChainingExpr
    case inOutExpr
    case tryExpr, awaitExpr, unsafeExpr, consumeExpr, copyExpr
    /// `if` used as a statement or expression.
    case ifExpr
    /// `switch` used as a statement or expression.
    case switchExpr
    case macroExpansionExpr
    /// `base` followed by `#if` clauses holding modifier chains.
    case postfixIfConfigExpr
    /// `_` in expression position (`_ = f()`).
    case discardAssignmentExpr
    /// `Outer.Member<Args>` in expression position: a member access specialized with
    /// generic arguments.
    case genericSpecializationExpr
    /// A type in expression position: `[Item]()`, `Int.self`, `Array<Int>.init`.
    case typeExpr
    /// `repeat each x`, `each x`.
    case packExpr
    case superExpr

    // MARK: Types
    /// `Name<Args>`, `Any`, `Self`.
    case identifierType
    /// `Base.Name<Args>`.
    case memberType
    case arrayType, dictionaryType, optionalType, implicitlyUnwrappedOptionalType
    case tupleType, tupleTypeElement, functionType, metatypeType, compositionType
    /// `some P`, `any P`.
    case someOrAnyType
    /// `@escaping T`, `inout T`, `sending T`, `borrowing T`.
    case attributedType
    /// `~Copyable`.
    case suppressedType
    case packExpansionType, packElementType
    /// `[3 of Int]`: a fixed-size inline array.
    case inlineArrayType
    /// `Module::` before a type's or a declaration reference's name; the name's node covers it.
    case moduleSelector

    // MARK: Patterns
    case identifierPattern, tuplePattern, wildcardPattern, valueBindingPattern
    case expressionPattern, isTypePattern, optionalPattern
}

extension SyntaxKind {
    /// `struct`, `class`, `enum`, `actor`, `protocol` and `extension` declarations.
    public static let typeDeclarations: SyntaxKindSet = [
        .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl,
    ]
}

/// A set of syntax kinds as a 256-bit mask: made from a literal without allocating and
/// tested without hashing, for the walks that look for several kinds at once.
public struct SyntaxKindSet: ExpressibleByArrayLiteral, Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init(arrayLiteral kinds: SyntaxKind...) {
        for kind in kinds { insert(kind) }
    }

    /// The kinds `matches` accepts.
    public init(matching matches: (SyntaxKind) -> Bool) {
        for kind in SyntaxKind.allCases where matches(kind) { insert(kind) }
    }

    public mutating func insert(_ kind: SyntaxKind) {
        let bit = UInt64(1) << UInt64(kind.rawValue & 63)
        switch kind.rawValue >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    public func contains(_ kind: SyntaxKind) -> Bool {
        let bit = UInt64(1) << UInt64(kind.rawValue & 63)
        switch kind.rawValue >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    public static func == (a: SyntaxKindSet, b: SyntaxKindSet) -> Bool {
        a.words == b.words
    }
}
