// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

final class Thumbnails {
    func prefetch(_ name: String) async {}
}

struct GalleryList: View {
    let names: [String]
    let thumbnails: Thumbnails

    var body: some View {
        List(names, id: \.self) { name in
            Text(name)
                .onAppear {
                    Task {
                        await thumbnails.prefetch(name)
                    }
                }
        }
    }
}
