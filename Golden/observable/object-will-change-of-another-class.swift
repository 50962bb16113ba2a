// bodywork-options: --min-ios 17
import SwiftUI

final class Engine: ObservableObject {
    @Published var rpm = 0
}

final class Dashboard: ObservableObject {
    @Published var speed = 0
}

struct Gauge: View {
    @ObservedObject var engine: Engine
    @StateObject private var dashboard = Dashboard()

    var body: some View {
        Text("\(dashboard.speed) \(engine.rpm)")
            .onReceive(engine.objectWillChange) { print("revving") }
    }
}
