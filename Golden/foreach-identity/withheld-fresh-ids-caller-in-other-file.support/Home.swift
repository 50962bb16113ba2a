import SwiftUI

struct Home: View {
    var body: some View {
        ChapterRows(chapters: [Chapter(title: "One"), Chapter(title: "Two")])
    }
}
