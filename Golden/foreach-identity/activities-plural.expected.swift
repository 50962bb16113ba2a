import SwiftUI

struct Activity: Identifiable {
    let id: Int
    var title: String
}

struct FeedView: View {
    let activities: [Activity]

    var body: some View {
        VStack {
            ForEach(activities) { activity in
                Text(activity.title)
            }
        }
    }
}
