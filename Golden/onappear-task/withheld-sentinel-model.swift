// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct ModelFeedView: View {
    let model: FeedModel

    var body: some View {
        ScrollView {
            VStack {
                ForEach(model.titles, id: \.self) { title in
                    Text(title)
                }
                if model.hasMore && !model.isLoadingMore {
                    ProgressView()
                        .onAppear {
                            Task {
                                await model.loadMore()
                            }
                        }
                }
            }
        }
    }
}
