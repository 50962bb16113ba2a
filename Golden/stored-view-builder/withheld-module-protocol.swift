import SwiftUI

struct Panel<Content: View>: View {
    let content: () -> Content

    var body: some View {
        content()
    }
}

extension Panel: ContentProviding {}
