import SwiftUI

final class PlayerModel: ObservableObject {
    init(track: String) {}
}

final class Artwork {
    static let cache = ArtworkCache()
    static func shared(for track: String) -> Artwork { Artwork() }
    static func cachedThumbnail(for track: String) -> Artwork? { nil }
}

final class ArtworkCache {
    func get(forTrack track: String) -> Artwork? { nil }
}

// `.init(wrappedValue:)` on a `@StateObject`'s storage is an autoclosure, evaluated once;
// a cache lookup returns what was made before.
struct PlayerView: View {
    @StateObject private var model: PlayerModel
    private let artwork: Artwork
    private let thumbnail: Artwork?
    private let cover: Artwork?

    init(track: String) {
        self._model = .init(wrappedValue: PlayerModel(track: track))
        self.artwork = Artwork.shared(for: track)
        self.thumbnail = Artwork.cachedThumbnail(for: track)
        self.cover = Artwork.cache.get(forTrack: track)
    }

    var body: some View {
        Text("Playing")
    }
}
