import SwiftUI

struct Card<Header: View>: View {
    private let title: String
    private let header: () -> Header

    init(title: String, @ViewBuilder header: @escaping () -> Header) {
        self.title = title
        self.header = header
    }

    var body: some View {
        Text(title)
    }
}
