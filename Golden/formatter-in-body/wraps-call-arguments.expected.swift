import SwiftUI

enum SyncStrings {
    static func progress(_ percent: String, of total: Int) -> String { "\(percent) of \(total)" }
}

struct RemindersSyncStatus: View {
    let completedReminders: Int
    let totalReminders: Int

    var body: some View {
        Text(progressText())
    }

    private static let percentFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .percent
        return formatter
    }()

    private func progressText() -> String {
        guard totalReminders > 0 else { return "Nothing to sync" }
        return SyncStrings
            .progress(
                Self.percentFormatter.string(from: NSNumber(value: Double(completedReminders) / Double(totalReminders))) ?? "",
                of: 1
            )
    }
}
