import SwiftUI

struct Bordered<Content: View>: View {
	@ViewBuilder let content: Content

	init(@ViewBuilder content: () -> Content) {
		self.content = content()
	}

	var body: some View {
		content
			.padding()
	}
}
