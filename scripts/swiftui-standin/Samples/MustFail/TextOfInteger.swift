// Must NOT type-check: Text has no initializer taking an Int.
import SwiftUI

struct Count: View {
    let count: Int
    var body: some View {
        Text(count)
    }
}
