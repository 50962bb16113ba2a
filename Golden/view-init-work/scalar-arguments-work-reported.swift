import SwiftUI

// Plain arguments do not make work small when the call sorts data, may throw (it reads or
// parses), or starts a timer: each is reported.
struct Song: Identifiable {
    let id: Int
    let rank: Int
}

enum Library {
    static func songs(limit: Int) throws -> [Song] { [] }
}

func top(_ songs: [Song], count: Int) -> [Song] {
    Array(songs.sorted { $0.rank < $1.rank }.prefix(count))
}

struct TopSongs: View {
    let songs: [Song]

    init(songs: [Song]) {
        self.songs = top(songs, count: 10)
    }

    var body: some View {
        List(songs) { Text(String($0.rank)) }
    }
}

struct RecentSongs: View {
    let songs: [Song]

    init() {
        songs = (try? Library.songs(limit: 20)) ?? []
    }

    var body: some View {
        List(songs) { Text(String($0.rank)) }
    }
}

struct Ticker: View {
    let timer: Timer

    init() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
    }

    var body: some View {
        Text("Tick")
    }
}

struct Banner: View {
    let title: String

    init(title: String) {
        self.title = title
        print("Banner made")
    }

    var body: some View {
        Text(title)
    }
}
