// bodywork-options: --unsafe-fixes
import SwiftUI

struct Tile: View {
    let isWide: Bool
    let isLoud: Bool

    @ViewBuilder
    var tile: some View {
        if isWide {
            Rectangle().frame(width: 200, height: 40.5, alignment: .leading)
        } else {
            Rectangle().frame(width: 80, height: 40.5, alignment: .center)
        }
    }

    var body: some View {
        VStack {
            tile
            if isLoud { Text("Hi").font(.system(size: 30)).tint(.red) } else { Text("Hi").font(.body).tint(.blue) }
        }
    }
}
