// bodywork-options: --min-ios 17
import SwiftUI

final class Theme: ObservableObject {
	@Published var accent = "blue"
	var uses = 0
}

struct ThemePicker: View {
	@EnvironmentObject var theme: Theme

	var body: some View {
		TextField("Accent", text: $theme.accent)
	}
}
