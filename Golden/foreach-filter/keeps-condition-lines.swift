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
            ForEach(Visibility.allCases, id: \.rawValue) { visibility in
                if VisibilityChoices.rankOfVisibilityForComparison(visibility)
                    <= VisibilityChoices.rankOfVisibilityForComparison(defaultVisibility)
                {
                    Text(visibility.title)
                }
            }
        }
    }
}
