import SwiftUI
struct W: View {
    let date: Date
    private let formatter = NumberFormatter()
    var body: some View {
        Text(self.formatter.string(from: 3) ?? "")
        Text(describe(\.formatter))
        Text(describe(\W.formatter))
    }
    func describe(_ kp: KeyPath<W, NumberFormatter>) -> String { "" }
}
