import SwiftUI

struct Report {
    let date: Date

    var title: String {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter.string(from: date)
    }
}
