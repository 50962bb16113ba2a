import SwiftUI

struct Segment: Identifiable {
    let id: Int
    var title: String
}

struct Timeline: View {
    let segments: [Segment]
    let rangeDuration: Double

    var body: some View {
        HStack {
            ForEach(segments) { segment in
                if rangeDuration > 0 {
                    Text(segment.title)
                }
            }
        }
    }
}
