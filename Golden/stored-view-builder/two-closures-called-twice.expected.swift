import SwiftUI

struct Split<Leading: View, Trailing: View>: View {
    @State private var wide = false
    @ViewBuilder let leading: Leading
    @ViewBuilder let trailing: Trailing

    var body: some View {
        if wide {
            HStack {
                leading
                trailing
            }
        } else {
            VStack {
                leading
                trailing
            }
        }
    }
}
