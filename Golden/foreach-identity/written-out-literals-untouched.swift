import SwiftUI

struct OnboardingPage {
    let title: String
    let symbol: String
}

struct OnboardingView: View {
    @State private var current = 0
    private let pages = [
        OnboardingPage(title: "Plan", symbol: "calendar"),
        OnboardingPage(title: "Invite", symbol: "person.2"),
        OnboardingPage(title: "Go", symbol: "figure.walk"),
    ]
    private let limits = [(label: "Small", count: 4), (label: "Large", count: 12)]
    static let weekdays = ["S", "M", "T", "W", "T", "F", "S"]

    private var initials: [String] {
        ["S", "M", "T", "W", "T", "F", "S"]
    }

    var body: some View {
        VStack {
            HStack {
                ForEach(0..<pages.count, id: \.self) { index in
                    Circle()
                        .fill(index == current ? Color.primary : Color.secondary)
                        .frame(width: 8, height: 8)
                }
            }
            ForEach(limits.indices, id: \.self) { index in
                Text("\(limits[index].label): \(limits[index].count)")
            }
            HStack {
                ForEach(Array(initials.enumerated()), id: \.offset) { index, initial in
                    Text(initial).bold(index == 0)
                }
            }
            HStack {
                ForEach(0..<Self.weekdays.count, id: \.self) { day in
                    Text(Self.weekdays[day])
                }
            }
            let sizes = ["S", "M", "L", "M"]
            ForEach(sizes.indices, id: \.self) { index in
                Text(sizes[index])
            }
        }
    }
}
