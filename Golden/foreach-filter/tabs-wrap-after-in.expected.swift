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
				ForEach(allLinesOfTheNetwork.filter { line in
					!line.isWalkingDistance && !line.isReplacementService && !line.name.isEmpty
				}) { line in
					Text(line.name)
				}
			}
		}
	}
}
