import SwiftUI

// Computing a plain value from plain values takes the same time whatever the data: a
// free function of numbers, a value type's static factory, `max` over an array literal,
// date arithmetic that seeds a starting value.
func clamp<T: Comparable>(_ x: T, min low: T, max high: T) -> T {
    min(max(x, low), high)
}

extension Duration {
    static func ticks(_ ticks: Int) -> Duration {
        .microseconds(Int64(ticks) / 10)
    }
}

final class EventDraft {
    static let shared = EventDraft()
    var start = Date()
}

struct Slider: View {
    let damping: Double
    let interval: Duration
    let widest: Double

    init(damping: Double, ticks: Int?, widths: (Double, Double)) {
        self.damping = damping.isFinite ? clamp(damping, min: 0.01, max: 2) : 1
        interval = Duration.ticks(ticks ?? 0)
        widest = [widths.0, widths.1, 40].max() ?? 0
    }

    var body: some View {
        Text(String(damping))
    }
}

struct StartPicker: View {
    @State private var hour: Int
    @State private var minute: Int

    init(date: Date) {
        let calendar = Calendar.current
        let start = EventDraft.shared.start
        let components = calendar.dateComponents([.hour, .minute], from: start)
        _hour = State(initialValue: components.hour ?? 0)
        _minute = State(initialValue: Calendar.current.component(.minute, from: date))
    }

    var body: some View {
        Text("\(hour):\(minute)")
    }
}
