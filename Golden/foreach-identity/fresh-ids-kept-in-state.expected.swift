import SwiftUI

struct Segment: Identifiable {
    let id = UUID().uuidString
    var title: String
}

struct SegmentRows: View {
    let segments: [Segment]

    var body: some View {
        VStack {
            ForEach(Array(segments.enumerated()), id: \.element.id) { index, segment in
                Text("\(index + 1). \(segment.title)")
            }
        }
    }
}

struct TimelineView: View {
    @State private var segments = [Segment(title: "Morning"), Segment(title: "Evening")]

    var body: some View {
        SegmentRows(segments: segments)
    }
}
