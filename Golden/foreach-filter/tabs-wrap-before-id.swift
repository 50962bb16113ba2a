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
				ForEach(allLinesOfTheNetwork, id: \.name) { line in
					if !line.isWalkingDistance && !line.isReplacementService {
						Text(line.name)
					}
				}
			}
		}
	}
}
