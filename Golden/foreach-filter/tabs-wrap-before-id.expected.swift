import SwiftUI

struct Line: Hashable {
	var name: String
	var isWalkingDistance: Bool
	var isReplacementService: Bool
}

struct LineFilterView: View {
	let allLinesOfTheNetwork: [Line]

	var body: some View {
		Section {
			VStack(alignment: .leading) {
				ForEach(
					allLinesOfTheNetwork.filter { line in !line.isWalkingDistance && !line.isReplacementService },
					id: \.name
				) { line in
					Text(line.name)
				}
			}
		}
	}
}
