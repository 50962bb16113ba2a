import SwiftUI

@Observable
final class ProfileModel {
    let id: Int
    init(id: Int) { self.id = id }
}

// A lookup on a cache's single instance returns a model made before.
final class ProfileModelCache {
    static let shared = ProfileModelCache()
    private var models: [Int: ProfileModel] = [:]

    func model(for id: Int) -> ProfileModel {
        if let model = models[id] { return model }
        let model = ProfileModel(id: id)
        models[id] = model
        return model
    }
}

struct ProfileScreen: View {
    @State private var model: ProfileModel

    init(id: Int) {
        _model = State(wrappedValue: ProfileModelCache.shared.model(for: id))
    }

    var body: some View {
        Text(String(model.id))
    }
}
