// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct Rows: View {
	let rows: [String]

	var body: some View {
		ScrollView {
			LazyVStack {
				ForEach(rows.indices, id: \.self) { index in
					Text(rows[index])
						.frame(maxWidth: .infinity)
				}
			}
		}
	}
}
