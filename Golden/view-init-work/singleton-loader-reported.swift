import SwiftUI

@Observable
final class ProfileModel {
    let id: Int
    init(id: Int) { self.id = id }
}

// A call on a single instance that is not a cache loads or builds each time: reported.
final class ProfileLoader {
    static let shared = ProfileLoader()

    func model(for id: Int) -> ProfileModel {
        ProfileModel(id: id)
    }
}

struct ProfileScreen: View {
    @State private var model: ProfileModel

    init(id: Int) {
        _model = State(wrappedValue: ProfileLoader.shared.model(for: id))
    }

    var body: some View {
        Text(String(model.id))
    }
}
