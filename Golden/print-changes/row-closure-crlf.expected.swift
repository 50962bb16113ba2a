import SwiftUI

struct ListView: View {
	let names: [String]

	var body: some View {
		ForEach(names, id: \.self) { name in
			Text(name)
		}
	}
}
