// bodywork-options: --min-ios 17
import SwiftUI

class BaseModel: ObservableObject {
    @Published var isLoading = false
}

final class ProfileModel: BaseModel {
    @Published var name = ""
}

struct ProfileView: View {
    @StateObject private var model = ProfileModel()

    var body: some View {
        Text(model.isLoading ? "…" : model.name)
    }
}
