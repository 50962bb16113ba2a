// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct ListBody: View {
    let items: [String]

    var body: ScrollView<VStack<ForEach<[String], String, Text>>> {
        ScrollView {
            VStack {
                ForEach(items, id: \.self) { item in Text(item) }
            }
        }
    }
}
