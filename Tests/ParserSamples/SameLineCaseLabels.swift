// A `case` or `default` label on the line of the previous case's statement.
enum Source { case builtIn, custom, other }

func isCustom(_ source: Source) -> Bool {
    switch source { case .builtIn: false default: true }
}

func rank(_ k: Source) -> Int {
    let r = switch k { case .builtIn: 1 case .custom: 2 case .other: 3 }
    switch k { case .builtIn: return r @unknown default: return 0 }
}

func gated(_ x: Source) {
    switch x {
    case .builtIn:
        break
    #if NEVER
    #elseif DEBUG
    case .custom:
        break
    #endif
    default:
        break
    }
}
