// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Theme {
	var accent = "blue"
	@ObservationIgnored var uses = 0
}

struct ThemePicker: View {
	@Environment(Theme.self) var theme: Theme

	var body: some View {
		@Bindable var theme = theme
		TextField("Accent", text: $theme.accent)
	}
}
