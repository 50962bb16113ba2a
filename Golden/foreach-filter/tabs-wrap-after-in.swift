import SwiftUI

struct Line: Identifiable {
	let id: Int
	var name: String
	var isWalkingDistance: Bool
	var isReplacementService: Bool
}

struct LineFilterView: View {
	let allLinesOfTheNetwork: [Line]

	var body: some View {
		Section {
			VStack(alignment: .leading) {
				ForEach(allLinesOfTheNetwork) { line in
					if !line.isWalkingDistance && !line.isReplacementService && !line.name.isEmpty {
						Text(line.name)
					}
				}
			}
		}
	}
}
