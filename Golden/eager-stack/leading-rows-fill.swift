// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct TaskItem: Identifiable {
    let id: Int
    let title: String
}

struct TasksView: View {
    let tasks: [TaskItem]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                ForEach(tasks) { task in
                    HStack {
                        Text(task.title)
                        Spacer()
                    }
                    Divider()
                }
            }
        }
    }
}
