// bodywork-options: --swift-6
import SwiftUI

struct EventRow: View {
	let date: Date

	var body: some View {
		let formatter = DateFormatter()
		formatter.dateStyle = .medium
		return Text(formatter.string(from: date))
	}
}
