// Must NOT type-check: a body whose statements are not views.
import SwiftUI

struct Broken: View {
    var body: some View {
        VStack {
            42
        }
    }
}
