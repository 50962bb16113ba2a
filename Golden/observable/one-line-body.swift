// bodywork-options: --min-ios 17
import SwiftUI

final class Flag: ObservableObject {
    @Published var on = false
}

struct FlagToggle: View {
    @EnvironmentObject var flag: Flag
    var body: some View { Toggle("On", isOn: $flag.on) }
}
