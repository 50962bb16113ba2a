import SwiftUI

struct Chapter: Identifiable {
    let id = UUID()
    var title: String
}

struct ChapterRows: View {
    let chapters: [Chapter]

    var body: some View {
        VStack {
            ForEach(Array(chapters.enumerated()), id: \.offset) { _, chapter in
                Text(chapter.title)
            }
        }
    }
}
