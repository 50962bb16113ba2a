import SwiftUI

struct Point: Hashable {
    var x: Int
    var y: Int
}

struct PointsView: View {
    let points: [Point]

    var body: some View {
        VStack {
            ForEach(points.indices, id: \.self) { i in
                Text("\(points[i].x)")
            }
        }
    }
}
