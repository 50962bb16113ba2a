// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

enum Phase {
    case loading
    case loaded(String)
}

struct ArticleView: View {
    @State private var phase = Phase.loading

    var body: some View {
        switch phase {
        case .loading:
            ProgressView()
                .onAppear {
                    Task {
                        phase = .loading
                        phase = .loaded(await fetchArticle())
                    }
                }
        case .loaded(let text):
            Text(text)
        }
    }

    private func fetchArticle() async -> String { "" }
}
