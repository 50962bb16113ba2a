import SwiftUI

struct Bordered<Content: View>: View {
	let content: () -> Content

	init(@ViewBuilder content: @escaping () -> Content) {
		self.content = content
	}

	var body: some View {
		content()
			.padding()
	}
}
