import SwiftUI

struct Flag: View {
	let on: Bool

	var body: some View {
		VStack {
			mark
		}
	}

	@ViewBuilder
	private var mark: some View {
		if on {
			Text("On")
				.bold()
		} else {
			Text("Off")
		}
	}
}
