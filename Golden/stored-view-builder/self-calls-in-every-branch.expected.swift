import SwiftUI

struct Split<Leading: View, Trailing: View>: View {
    @State private var wide = false
    @ViewBuilder let leading: Leading
    @ViewBuilder let trailing: Trailing

    var body: some View {
        if wide {
            HStack {
                self.leading
                self.trailing
            }
        } else {
            VStack {
                self.leading
                self.trailing
            }
        }
    }
}
