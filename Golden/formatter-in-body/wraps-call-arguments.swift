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

    private func progressText() -> String {
        guard totalReminders > 0 else { return "Nothing to sync" }
        let formatter = NumberFormatter()
        formatter.numberStyle = .percent
        return SyncStrings
            .progress(formatter.string(from: NSNumber(value: Double(completedReminders) / Double(totalReminders))) ?? "", of: 1)
    }
}
