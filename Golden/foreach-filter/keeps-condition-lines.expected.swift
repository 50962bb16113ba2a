import SwiftUI

enum Visibility: Int, CaseIterable {
    case everyone, followers, mentioned

    var title: String { "\(self)" }
}

struct VisibilityChoices: View {
    let defaultVisibility: Visibility

    static func rankOfVisibilityForComparison(_ visibility: Visibility) -> Int { visibility.rawValue }

    var body: some View {
        VStack {
            ForEach(Visibility.allCases.filter { visibility in
                VisibilityChoices.rankOfVisibilityForComparison(visibility)
                    <= VisibilityChoices.rankOfVisibilityForComparison(defaultVisibility)
            }, id: \.rawValue) { visibility in
                Text(visibility.title)
            }
        }
    }
}
