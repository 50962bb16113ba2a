import SwiftUI

// Work whose size does not depend on the data, and appearance settings, are not reported:
// an array literal of two values, `map` on an optional, and the table's appearance, which
// must be set before the list is made.
struct Plan: Identifiable {
    let id: Int
    let name: String
}

struct PlanPicker: View {
    let plans: [Plan]
    let chosen: Plan?
    let label: String?

    init(plans: [Plan], current: Plan?, previous: Plan?, labels: [Int: String], count: Int?) {
        self.plans = plans
        chosen = [current, previous].compactMap { $0 }.first
        label = labels[count ?? 0].map { $0.uppercased() } ?? count.map { String($0) }
        if #unavailable(iOS 16.0) {
            UITableView.appearance().backgroundColor = .clear
        }
    }

    var body: some View {
        List(plans) { plan in
            Text(plan.name + (label ?? ""))
        }
    }
}

struct Page {
    let zipURL: String?
}

// `map` on a property declared optional transforms one value; an empty `Data()` reads nothing.
struct PageText: View {
    let url: URL?
    let buffer: Data

    init(page: Page) {
        url = page.zipURL.flatMap { URL(string: $0) }
        buffer = Data()
    }

    var body: some View {
        Text(url?.absoluteString ?? "")
    }
}
