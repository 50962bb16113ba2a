// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct Album: Identifiable {
    let id: Int
    let photos: [String]
}

struct AlbumsView: View {
    let albums: [Album]

    var body: some View {
        ScrollView(content: {
            LazyVStack(spacing: 12, content: {
                ForEach(albums) { album in
                    ScrollView(.horizontal) {
                        LazyHStack(spacing: 2) {
                            // Each photo of the album.
                            ForEach(album.photos, id: \.self) { photo in
                                Image(photo)
                            }
                        }
                        .frame(height: 80)
                    }
                }
            })
        })
    }
}
