import SwiftUI

struct Flag: View {
	let on: Bool

	var body: some View {
		VStack {
			mark
		}
	}

	private var mark: AnyView {
		if on {
			return AnyView(
				Text("On")
					.bold()
			)
		}
		return AnyView(Text("Off"))
	}
}
