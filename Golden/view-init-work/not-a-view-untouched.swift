import SwiftUI

struct Report {
    let lines: [String]

    init(text: String) {
        lines = text.split(separator: "\n").map(String.init).sorted()
    }
}

final class Store: ObservableObject {
    @Published var items: [String]

    init(items: [String]) {
        self.items = items.sorted()
    }
}

struct ReportView: View {
    let report: Report

    var body: some View {
        Text(report.lines.joined())
    }
}
