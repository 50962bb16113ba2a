import SwiftUI

struct GreetingView: View {
    let title: String

    var body: some View {
        Text(title)
            .id(UUID())
    }
}
