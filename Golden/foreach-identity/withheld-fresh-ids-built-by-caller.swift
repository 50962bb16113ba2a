import SwiftUI

struct Segment: Identifiable {
    let id = UUID().uuidString
    var title: String
}

struct SegmentRows: View {
    let segments: [Segment]

    var body: some View {
        VStack {
            ForEach(Array(segments.enumerated()), id: \.offset) { index, segment in
                Text("\(index + 1). \(segment.title)")
            }
        }
    }
}

struct TimelineView: View {
    @State private var zoom = 1.0

    var body: some View {
        SegmentRows(segments: [Segment(title: "Morning"), Segment(title: "Evening")])
            .opacity(zoom)
    }
}
