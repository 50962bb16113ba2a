// bodywork-options: --unsafe-fixes
import SwiftUI

struct Item: Identifiable, Hashable {
	let id: UUID
	var name: String
	var done: Bool
}

struct ItemsView: View {
	let items: [Item]

	var body: some View {
		List {
			ForEach(items) { item in
				Text(item.name)
					.id(UUID())
			}
		}
	}
}
