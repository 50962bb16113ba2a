// bodywork-options: --min-ios 17
import SwiftUI

struct Plain: View {
    @State private var count = 0
    @Binding var name: String

    var body: some View {
        TextField("Name", text: $name)
            .onChange(of: count) { print($count) }
    }
}
