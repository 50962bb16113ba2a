// bodywork-options: --unsafe-fixes
import SwiftUI

enum Attr: Hashable { case quality, rating, badge }

// A view whose body is two views: in an HStack it lays out as two children.
struct Badge: View {
    var body: some View {
        Text("HD")
        Text("HDR")
    }
}

struct Badges: View {
    let attributes: [Attr]
    let hd: Bool
    let hdr: Bool
    let rating: Double?

    var body: some View {
        HStack(spacing: 8) {
            ForEach(attributes, id: \.self) { attribute in
                switch attribute {
                case .quality: Quality()        // 0, 1 or 2 views
                case .rating: RatingView()      // 0 or 1 view
                case .badge: Badge()            // 2 views
                }
            }
        }
    }

    // Capitalized @ViewBuilder methods, as in Swiftfin's AttributesHStack.
    @ViewBuilder
    private func Quality() -> some View {
        if hd { Text("HD") }
        if hdr { Text("HDR") }
    }

    @ViewBuilder
    private func RatingView() -> some View {
        if let rating { Text("\(rating)") }
    }
}

struct OnlyBadges: View {
    let attributes: [Attr]

    var body: some View {
        HStack {
            ForEach(attributes, id: \.self) { attribute in
                switch attribute {
                case .quality: Text("Q")
                case .rating: Text("R")
                case .badge: Badge()            // 2 views
                }
            }
        }
    }
}
