// bodywork-options: --min-ios 17
import SwiftUI

final class Document: ObservableObject {
    var text = "" {
        willSet { objectWillChange.send() }
    }
    @Published var title = ""
}

struct DocumentView: View {
    @ObservedObject var document: Document

    var body: some View {
        Text(document.title)
            .onReceive(document.objectWillChange) { print("changing") }
    }
}
