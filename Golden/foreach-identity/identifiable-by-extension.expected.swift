import SwiftUI

struct Song: Hashable {
    let id: Int
    var title: String
}

extension Song: Identifiable {}

struct SongsView: View {
    let songs: [Song]

    var body: some View {
        List {
            ForEach(songs) { song in
                Text(song.title)
            }
        }
    }
}
