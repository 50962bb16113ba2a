import SwiftUI

struct PagesView: View {
    var pages: Range<Int>
    var hidden: Set<Int>

    var body: some View {
        ForEach(pages) { page in
            if !hidden.contains(page) {
                Text("Page \(page)")
            }
        }
    }
}
