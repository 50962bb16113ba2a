// bodywork-options: --min-ios 17
import SwiftUI

final class Settings: ObservableObject {
    @Published var name = ""
    @Published var dark = false
}

final class Account: ObservableObject {
    @Published var email = ""
}

struct SettingsForm: View {
    @EnvironmentObject private var settings: Settings
    @EnvironmentObject var account: Account

    var body: some View {
        // The form.
        Form {
            TextField("Name", text: $settings.name)
            Toggle("Dark", isOn: $settings.dark)
            TextField("Email", text: $account.email)
        }
    }
}
