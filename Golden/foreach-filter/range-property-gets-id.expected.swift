import SwiftUI

struct PagesView: View {
    var pages: Range<Int>
    var hidden: Set<Int>

    var body: some View {
        ForEach(pages.filter { page in !hidden.contains(page) }, id: \.self) { page in
            Text("Page \(page)")
        }
    }
}
