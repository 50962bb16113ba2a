// A small task list: the model the sample views show.
import Foundation

struct TaskItem: Identifiable, Hashable {
    let id: UUID
    var title: String
    var dueDate: Date
    var isDone: Bool
    var isArchived: Bool
}

final class TaskStore: ObservableObject {
    @Published var tasks: [TaskItem] = []
}
