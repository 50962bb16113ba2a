// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

final class ImageCache {
	func prefetch(_ name: String) async {}
}

struct Gallery: View {
	let names: [String]
	let cache: ImageCache

	var body: some View {
		ScrollView {
			ForEach(names, id: \.self) { name in
				Text(name)
					.task {
						await cache.prefetch(name)
					}
			}
		}
	}
}
