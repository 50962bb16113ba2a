import SwiftUI

struct Badge: View {
    let count: Int

    var body: some View {
        Text("\(count)")
    }
}
