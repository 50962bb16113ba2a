// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Flag {
    var on = false
}

struct FlagToggle: View {
    @Environment(Flag.self) var flag: Flag
    var body: some View { @Bindable var flag = flag; Toggle("On", isOn: $flag.on) }
}
