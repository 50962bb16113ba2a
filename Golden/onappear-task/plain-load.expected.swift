// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct Weather {
    static func forecast() async -> [String] { [] }
}

struct ForecastView: View {
    @State private var days: [String] = []
    @State private var showsHeader = true

    var body: some View {
        VStack {
            if showsHeader {
                Text("Forecast")
            }
            List(days, id: \.self) { day in
                Text(day)
            }
            .task {
                do {
                    days = try await load()
                } catch {
                    days = []
                }
            }
        }
    }

    private func load() async throws -> [String] {
        await Weather.forecast()
    }
}
