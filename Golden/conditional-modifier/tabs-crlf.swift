// bodywork-options: --unsafe-fixes
import SwiftUI

struct Dot: View {
	let isOn: Bool

	var body: some View {
		if isOn {
			Circle()
				.fill(Color.green)
				.frame(width: 8, height: 8)
		} else {
			Circle()
				.fill(Color.gray)
				.frame(width: 8, height: 8)
		}
	}
}
