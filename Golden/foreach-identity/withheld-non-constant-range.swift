import SwiftUI

struct RatingView: View {
    let rating: Int

    var body: some View {
        HStack {
            ForEach(0..<rating) { _ in
                Image(systemName: "star.fill")
            }
            ForEach(0..<5) { _ in
                Image(systemName: "star")
            }
            ForEach(0..<rating, id: \.self) { _ in
                Image(systemName: "star.fill")
            }
        }
    }
}
