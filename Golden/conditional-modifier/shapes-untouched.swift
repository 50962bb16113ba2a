// bodywork-options: --unsafe-fixes
import SwiftUI

enum Mode { case a, b }

struct Untouched: View {
    let flag: Bool
    let other: Bool
    let name: String?
    let mode: Mode

    var body: some View {
        VStack {
            // Branches that differ in more than argument values.
            if flag {
                Text("x").padding(4)
            } else {
                Text("x").opacity(0.5)
            }
            if flag {
                Text("x").padding(4)
            } else {
                Text("y").padding(8)
            }
            // `if let`, `if case`, `else if` and conditions joined by commas.
            if let name {
                Text(name).padding(4)
            } else {
                Text("none").padding(4)
            }
            if case .a = mode {
                Text("x").padding(4)
            } else {
                Text("x").padding(8)
            }
            if flag {
                Text("x").padding(4)
            } else if other {
                Text("x").padding(8)
            } else {
                Text("x").padding(12)
            }
            if flag, other {
                Text("x").padding(4)
            } else {
                Text("x").padding(8)
            }
            // More than one statement per branch, or no else.
            if flag {
                Text("x").padding(4)
                Text("y")
            } else {
                Text("x").padding(8)
                Text("y")
            }
            if flag {
                Text("x").padding(4)
            }
            #if os(iOS)
            Text("x").padding(4)
            #else
            Text("x").padding(8)
            #endif
        }
    }

    // Not a view builder: an `if` expression of one type has one identity already.
    func label() -> some View {
        if flag {
            Text("x").padding(4)
        } else {
            Text("x").padding(8)
        }
    }
}
