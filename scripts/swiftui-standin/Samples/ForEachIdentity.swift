// Sample: the ways views iterate collections, including index-based identity.
import SwiftUI

struct Todo: Identifiable, Hashable {
    let id: UUID
    var title: String
    var done: Bool
}

struct TodoList: View {
    @State private var todos: [Todo] = []
    let names = ["a", "b", "c"]

    var body: some View {
        List {
            ForEach(todos) { todo in
                Text(todo.title)
            }
            .onDelete { offsets in todos.remove(atOffsets: offsets) }
            .onMove { source, destination in todos.move(fromOffsets: source, toOffset: destination) }

            ForEach(0..<todos.count, id: \.self) { index in
                Text(todos[index].title)
            }
            ForEach(todos.indices, id: \.self) { index in
                Toggle(todos[index].title, isOn: $todos[index].done)
            }
            ForEach(Array(todos.enumerated()), id: \.offset) { index, todo in
                Text("\(index): \(todo.title)")
            }
            ForEach(names, id: \.self) { name in
                Text(name)
            }
            ForEach(0..<3) { row in
                Text("Row \(row)")
            }
            ForEach($todos) { $todo in
                Toggle(todo.title, isOn: $todo.done)
            }
            ForEach($todos, id: \.id) { todo in
                TextField("Title", text: todo.title)
            }
            ForEach(todos.filter { !$0.done }) { todo in
                Text(todo.title)
            }
        }
    }
}

struct TodoTable: View {
    @Binding var todos: [Todo]
    let names: [String]

    var body: some View {
        VStack {
            List(todos) { todo in Text(todo.title) }
            List(names, id: \.self) { Text($0) }
            List(0..<5) { Text("\($0)") }
            List($todos) { $todo in Toggle(isOn: $todo.done) { Text(todo.title) } }
            List($todos, id: \.title) { $todo in Text(todo.title) }
        }
    }
}
