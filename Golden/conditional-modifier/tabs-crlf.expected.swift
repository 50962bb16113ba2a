// bodywork-options: --unsafe-fixes
import SwiftUI

struct Dot: View {
	let isOn: Bool

	var body: some View {
		Circle()
			.fill(isOn ? Color.green : Color.gray)
			.frame(width: 8, height: 8)
	}
}
