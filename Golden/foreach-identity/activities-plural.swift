import SwiftUI

struct Activity: Identifiable {
    let id: Int
    var title: String
}

struct FeedView: View {
    let activities: [Activity]

    var body: some View {
        VStack {
            ForEach(0..<activities.count, id: \.self) { index in
                Text(activities[index].title)
            }
        }
    }
}
