import SwiftUI

class BaseModel: ObservableObject {
    @Published var isLoading = false
}

final class SettingsModel: BaseModel {}

struct SettingsView: View {
    @EnvironmentObject var model: SettingsModel
    var body: some View { Text(model.isLoading ? "…" : "ready") }
}

struct RootView: View {
    var body: some View {
        SettingsView()
            .environmentObject(SettingsModel())
    }
}
