import SwiftUI

struct Tabbed: View {
	@Environment(\.calendar) private var calendar

	var body: some View {
		Text(calendar.identifier == .gregorian ? "G" : "O")
	}
}
