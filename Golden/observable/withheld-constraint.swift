// bodywork-options: --min-ios 17
import SwiftUI

final class Weather: ObservableObject {
    @Published var degrees = 20
}

struct Panel<Model: ObservableObject, Content: View>: View {
    @ObservedObject var model: Model
    let content: (Model) -> Content

    var body: some View {
        content(model)
    }
}

struct WeatherPanel: View {
    @StateObject private var weather = Weather()

    var body: some View {
        Panel(model: weather) { Text("\($0.degrees)") }
    }
}
