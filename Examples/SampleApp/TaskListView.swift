// The task list, written the way many first versions are: rows that filter
// themselves, identity from positions, and a formatter rebuilt on every render.
import SwiftUI

struct TaskListView: View {
    @ObservedObject var store: TaskStore

    var body: some View {
        List {
            // Archived tasks stay out of the list.
            ForEach(store.tasks) { task in
                if !task.isArchived {
                    TaskRow(task: task)
                }
            }
        }
        .id(UUID())
    }
}

struct TaskRow: View {
    let task: TaskItem

    private var dueText: String {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter.string(from: task.dueDate)
    }

    var body: some View {
        HStack {
            Text(task.title)
            Spacer()
            Text(dueText)
                .foregroundStyle(.secondary)
        }
    }
}

struct TagsView: View {
    let tags: [String]

    var body: some View {
        HStack {
            ForEach(0..<tags.count, id: \.self) { index in
                Text(tags[index])
            }
        }
    }
}
