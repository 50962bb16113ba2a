import SwiftUI

struct Task {
    init(_ work: () -> Void) { work() }
}

struct TodoView: View {
    var body: some View {
        Text("Todo")
            .onAppear {
                Task {
                    print("made a todo")
                }
            }
    }
}
