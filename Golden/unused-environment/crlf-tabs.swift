import SwiftUI

struct Tabbed: View {
	@Environment(\.openURL) private var openURL
	@Environment(\.calendar) private var calendar

	var body: some View {
		Text(calendar.identifier == .gregorian ? "G" : "O")
	}
}
