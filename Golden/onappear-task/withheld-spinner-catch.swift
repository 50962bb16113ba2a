// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct Report {
    static func fetch(_ tab: String) async throws -> String { tab }
}

struct ReportTab: View {
    let tab: String
    @State private var report = ""
    @State private var loaded = false

    var body: some View {
        Text(loaded ? report : "Loading…")
            .onAppear {
                Task {
                    do {
                        report = try await Report.fetch(tab)
                    } catch {
                        report = "\(error)"
                        loaded = true
                    }
                    loaded = true
                }
            }
    }
}
