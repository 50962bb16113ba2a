import SwiftUI

extension Tile {
    var framed: some View {
        content()
            .background(Color.gray)
    }
}
