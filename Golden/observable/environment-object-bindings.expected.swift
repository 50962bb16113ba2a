// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Settings {
    var name = ""
    var dark = false
}

@Observable final class Account {
    var email = ""
}

struct SettingsForm: View {
    @Environment(Settings.self) private var settings: Settings
    @Environment(Account.self) var account: Account

    var body: some View {
        @Bindable var settings = settings
        @Bindable var account = account
        // The form.
        Form {
            TextField("Name", text: $settings.name)
            Toggle("Dark", isOn: $settings.dark)
            TextField("Email", text: $account.email)
        }
    }
}
