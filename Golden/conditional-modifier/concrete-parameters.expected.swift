// bodywork-options: --unsafe-fixes
import SwiftUI

struct Tile: View {
    let isWide: Bool
    let isLoud: Bool

    @ViewBuilder
    var tile: some View {
        Rectangle().frame(width: isWide ? 200 : 80, height: 40.5, alignment: isWide ? .leading : .center)
    }

    var body: some View {
        VStack {
            tile
            Text("Hi").font(isLoud ? .system(size: 30) : .body).tint(isLoud ? .red : .blue)
        }
    }
}
