import SwiftUI

struct SongList: View {
    let songs: [Song]

    var body: some View {
        ForEach(songs, id: \.self) { song in
            Text(song.title)
        }
    }
}
